package mailtest

import "testing"

func TestFindLink(t *testing.T) {
	for _, tc := range []struct {
		name, text, prefix, want string
		ok                       bool
	}{
		{"own line", "Hi,\n\nhttp://turnout.test/api/user/activate/?uid=1&token=2\n\nBye", "http://turnout.test/api/user/activate/", "http://turnout.test/api/user/activate/?uid=1&token=2", true},
		{"end of sentence", "Go to http://turnout.test/login.", "http://turnout.test/", "http://turnout.test/login", true},
		{"end of text", "http://turnout.test/x", "http://turnout.test/", "http://turnout.test/x", true},
		{"html attribute", `<a href="http://turnout.test/r?a=1&amp;b=2">reset</a>`, "http://turnout.test/r", "http://turnout.test/r?a=1&b=2", true},
		{"first of two", "http://turnout.test/a http://turnout.test/b", "http://turnout.test/", "http://turnout.test/a", true},
		{"other prefix", "http://evil.test/login", "http://turnout.test/", "", false},
		{"relative", "see /login", "/login", "", false},
		{"no prefix", "http://turnout.test/", "", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := findLink(tc.text, tc.prefix)
			if got != tc.want || ok != tc.ok {
				t.Errorf("findLink = %q, %v; want %q, %v", got, ok, tc.want, tc.ok)
			}
		})
	}
}

func TestAddress(t *testing.T) {
	for in, want := range map[string]string{
		"ana@example.com":            "ana@example.com",
		"Ana <Ana@Example.com>":      "ana@example.com",
		" ANA@example.com ":          "ana@example.com",
		`"Ana, B" <ana@example.com>`: "ana@example.com",
	} {
		if got := address(in); got != want {
			t.Errorf("address(%q) = %q, want %q", in, got, want)
		}
	}
}
