package httpapi

// The messages of the HTTP layer itself: bodies it cannot read, routes
// that do not exist, failures on our side. Like every Msg constant, each
// has a code clients translate by (tools/msgcodes).
const (
	MsgNotAuthenticated = "Authentication credentials were not provided or have expired."
	MsgSendJSON         = "Send the request body as application/json."
	MsgSingleObject     = "The request body must hold a single JSON object."
	MsgBodyTooLarge     = "The request body is too large."
	MsgBodyEmpty        = "The request body is empty."
	MsgBodyNotJSON      = "The request body is not valid JSON."
	MsgExpectedString   = "Expected a string."
	MsgExpectedNumber   = "Expected a number."
	MsgExpectedBoolean  = "Expected a boolean."
	MsgExpectedOther    = "Expected a value of another type."
	MsgSendForm         = "Send the request body as multipart/form-data or application/json."
	MsgNoBoundary       = "The multipart body has no boundary."
	MsgMultipartMangled = "The multipart body is malformed."
	MsgTooManyFields    = "The form has too many fields."
	MsgValueTooLong     = "This value is too long."
	MsgFormMangled      = "The form body is malformed."
	MsgSingleValue      = "Expected a single value, not a list or object."
	MsgLimit            = "limit must be a whole number from 1 to %d."
	MsgInternal         = "Something went wrong on our side. Please try again."
	MsgRouteNotFound    = "Not found."
	MsgMethodNotAllowed = "Method \"%s\" not allowed."
)
