package domain

// ValidID reports whether s has the shape of an id Turnout issues (a
// ULID: 26 characters of Crockford base32), so malformed ids are refused
// before any lookup.
func ValidID(s string) bool {
	if len(s) != 26 || s[0] > '7' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'A' <= c && c <= 'Z' && c != 'I' && c != 'L' && c != 'O' && c != 'U') {
			return false
		}
	}
	return true
}
