package mail

// plural is the CLDR cardinal plural category of the whole number n in
// language tag (CLDR 46's rules, for integers: a mail counts things).
// Written by hand for Turnout's seven languages rather than taken from
// golang.org/x/text/feature/plural: that package and the language tables
// it needs add 117 KB to a zipped function, more than the events function
// has left of its budget (functions/lean_test.go).
func plural(tag string, n int) string {
	if n < 0 {
		n = -n
	}
	switch tag {
	case "ja":
		return "other"
	case "ar":
		switch m := n % 100; {
		case n == 0:
			return "zero"
		case n == 1:
			return "one"
		case n == 2:
			return "two"
		case m >= 3 && m <= 10:
			return "few"
		case m >= 11:
			return "many"
		}
		return "other"
	case "fr", "pt-BR":
		if n == 0 || n == 1 {
			return "one"
		}
	case "es":
		if n == 1 {
			return "one"
		}
	default: // en, de
		if n == 1 {
			return "one"
		}
		return "other"
	}
	// es, fr, pt: "1 million d'événements", "1 millón de eventos".
	if n != 0 && n%1000000 == 0 {
		return "many"
	}
	return "other"
}
