package domain

import (
	"strings"
	"unicode"
)

// Search text: what an event is found by, and how a query is read. Both
// go through fold, so "Café" and "cafe" meet. Accents are folded with a
// table of the Latin letters people type (golang.org/x/text's
// normalization would add its tables to the events function, which must
// stay within 4 MB zipped).

// MaxIndexedWords bounds the words an event is found by (its title,
// place, organization and city first, then its description's words in
// order), so its index entry stays small.
const MaxIndexedWords = 200

// MaxQueryWords bounds the words of a search.
const MaxQueryWords = 8

var accents = func() *strings.Replacer {
	const from, to = "àáâãäåāăąçćĉċčďđèéêëēĕėęěĝğġģĥħìíîïĩīĭįıĵķĺļľŀłñńņňòóôõöøōŏőŕŗřśŝşšţťŧùúûüũūŭůűųŵýÿŷźżž",
		"aaaaaaaaacccccddeeeeeeeeegggghhiiiiiiiiijklllllnnnnooooooooorrrsssstttuuuuuuuuuuwyyyzzz"
	pairs := []string{"ß", "ss", "æ", "ae", "œ", "oe", "þ", "th", "ð", "d"}
	src, dst := []rune(from), []rune(to)
	for i := range src {
		pairs = append(pairs, string(src[i]), string(dst[i]))
	}
	return strings.NewReplacer(pairs...)
}()

// fold lowercases s and takes the accents off its Latin letters.
func fold(s string) string { return accents.Replace(strings.ToLower(s)) }

// words splits folded text into words of letters and digits.
func words(s string) []string {
	return strings.FieldsFunc(fold(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// SearchWords is the index text of an event made of parts: its distinct
// words (at most MaxIndexedWords), each with a space before it, so the
// beginning of a word is found as " wor".
func SearchWords(parts ...string) string {
	seen := map[string]bool{}
	var b strings.Builder
	b.WriteString(" ")
	for _, p := range parts {
		for _, w := range words(p) {
			if seen[w] || len(seen) == MaxIndexedWords {
				continue
			}
			seen[w] = true
			b.WriteString(w + " ")
		}
	}
	return b.String()
}

// stopWords are the little words of a search that say nothing of the
// event: "the jazz night" finds "Jazz Night".
var stopWords = map[string]bool{
	"a": true, "an": true, "and": true, "at": true, "by": true, "for": true, "in": true,
	"of": true, "on": true, "or": true, "the": true, "to": true, "with": true,
}

// QueryWords reads a search: its folded words, every one of which must
// begin a word of the event, so "photo wal" finds "Night Photography Walk"
// (the last word being typed, the others maybe cut short too). Stop words
// are left out, unless the search has nothing else (its "the" may be the
// beginning of "theatre").
func QueryWords(q string) []string {
	all := words(q)
	var kept []string
	for _, w := range all {
		if !stopWords[w] {
			kept = append(kept, w)
		}
	}
	if len(kept) == 0 {
		return all
	}
	return kept
}

// CityKey is the form of a city that finds it whatever its case and accents.
func CityKey(city string) string { return strings.Join(words(city), " ") }
