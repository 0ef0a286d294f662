package httpapi

import "regexp"

// Codes are the codes of a body's messages, in the body's own shape: under
// "detail" the detail's code, under a field the list of its messages'
// codes, under a group (a registration's "answers") a map of such lists.
// Clients show each message in their reader's language by its code and
// keep the English message for a code they do not know.
type Codes map[string]any

// messagePattern matches the messages of one code that carry values.
type messagePattern struct {
	code    string
	pattern *regexp.Regexp
}

// CodeWithArgs is the code of a message that carries values (a number of
// seconds, a question's number), with the values in the message's order.
type CodeWithArgs struct {
	Code string   `json:"code"`
	Args []string `json:"args"`
}

// CodeOf is msg's code (a string, or CodeWithArgs), nil for a message no
// Msg constant declares (tools/msgcodes lists them).
func CodeOf(msg string) any {
	if code, ok := messageCodes[msg]; ok {
		return code
	}
	for _, p := range messagePatterns {
		if m := p.pattern.FindStringSubmatch(msg); m != nil {
			return CodeWithArgs{Code: p.code, Args: m[1:]}
		}
	}
	return nil
}

func codesOf(msgs []string) []any {
	out := make([]any, len(msgs))
	for i, m := range msgs {
		out[i] = CodeOf(m)
	}
	return out
}

// Said is a message meant to be shown ({"detail": ...}) with its code; a
// reply that carries one embeds it.
type Said struct {
	Detail string `json:"detail"`
	Codes  Codes  `json:"codes"`
}

// Say is msg with its code.
func Say(msg string) Said { return Said{Detail: msg, Codes: Codes{"detail": CodeOf(msg)}} }
