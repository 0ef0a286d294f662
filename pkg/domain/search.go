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
// order): each is written as one or two keys with the event.
const MaxIndexedWords = 60

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

// Search keys: an event is written under a key for each beginning of its
// words a search can start from, so a search reads what it finds, not the
// whole index. A word is found under its first two letters and, when it
// has four or more, its first four: few keys per word, and a search's
// longest word narrows it to the events having words with its first four
// letters. One-letter words have no key.

// wordKeyLengths are the lengths of the beginnings a word is found by.
var wordKeyLengths = []int{2, 4}

// WordKeys are the beginnings word is found under.
func WordKeys(word string) []string {
	r := []rune(word)
	var keys []string
	for _, n := range wordKeyLengths {
		if len(r) >= n {
			keys = append(keys, string(r[:n]))
		}
	}
	return keys
}

// QueryKey is the key a search word w reads: the longest of its
// beginnings an event word is found under, "" for a single letter.
// exact says every word under the key begins with w.
func QueryKey(w string) (key string, exact bool) {
	r := []rune(w)
	for i := len(wordKeyLengths) - 1; i >= 0; i-- {
		if n := wordKeyLengths[i]; len(r) >= n {
			return string(r[:n]), len(r) == n
		}
	}
	return "", false
}

// SplitWords are the words of index text made by SearchWords.
func SplitWords(text string) []string { return strings.Fields(text) }

// BeginsAWord reports whether w begins a word of index text (SearchWords).
func BeginsAWord(text, w string) bool { return strings.Contains(text, " "+w) }

// CityMatches reports whether cityKey (CityKey of a city) is found by a
// search's city (CityKey of what was typed): its beginning, or that of
// any of its words.
func CityMatches(cityKey, query string) bool {
	return strings.HasPrefix(cityKey, query) || strings.Contains(cityKey, " "+query)
}
