package mail

import (
	"embed"
	"encoding/json"
	"log/slog"
	"strconv"
	"strings"
	"sync"

	"turnout/pkg/domain"
)

// The words of the mails are looked up, not written in code: one catalog
// per language, locales/<tag>.json, each with the keys of en.json. A value
// is a string, or, where a number decides the words, an object of its
// plural forms by CLDR category ("one", "other", …: plural below). In a
// string, {name} is a placeholder and [words] the linked words of a
// sentence with a link in its middle. JSON, as the web app's catalogs
// (web/src/locales), so translators work on one format; embedded, so each
// function carries them (about 25 KB zipped), and a catalog is parsed only
// when its language is first used. catalog_test.go checks that every
// language has exactly English's keys, forms and placeholders.
//
//go:embed locales/*.json
var locales embed.FS

// catalog is one language's words.
type catalog struct {
	texts   map[string]string
	plurals map[string]map[string]string
}

// catalogs holds each language's catalog once read, by its place in
// domain.Languages.
var catalogs = make([]struct {
	once sync.Once
	c    catalog
}, len(domain.Languages))

// catalogOf is the catalog of tag, one of domain.Languages.
func catalogOf(tag string) *catalog {
	for i, l := range domain.Languages {
		if l == tag {
			c := &catalogs[i]
			c.once.Do(func() {
				var err error
				if c.c, err = readCatalog(tag); err != nil {
					slog.Error("read a mail catalog", "language", tag, "err", err) // its tests make this impossible
				}
			})
			return &c.c
		}
	}
	return catalogOf(domain.DefaultLanguage)
}

// readCatalog parses locales/<tag>.json.
func readCatalog(tag string) (catalog, error) {
	c := catalog{texts: map[string]string{}, plurals: map[string]map[string]string{}}
	data, err := locales.ReadFile("locales/" + tag + ".json")
	if err != nil {
		return c, err
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return c, err
	}
	for key, v := range raw {
		if len(v) > 0 && v[0] == '{' {
			var forms map[string]string
			if err := json.Unmarshal(v, &forms); err != nil {
				return c, err
			}
			c.plurals[key] = forms
			continue
		}
		var s string
		if err := json.Unmarshal(v, &s); err != nil {
			return c, err
		}
		c.texts[key] = s
	}
	return c, nil
}

// Lang writes the product's mails in one of the languages Turnout speaks.
type Lang struct {
	tag string
	c   *catalog
}

// In is the mails in language tag (domain.Languages; any other tag, or
// "", is English): mail.In(u.MailLanguage()).Activation(…).
func In(tag string) Lang {
	l, ok := domain.LanguageOf(tag)
	if !ok {
		l = domain.DefaultLanguage
	}
	return Lang{tag: l, c: catalogOf(l)}
}

// Tag is the language's BCP 47 tag.
func (l Lang) Tag() string { return l.tag }

// rightToLeft are the languages written from right to left.
var rightToLeft = map[string]bool{"ar": true}

// raw is the text of key, English's when the language lacks it (its
// tests say none does), "" when English lacks it too.
func (l Lang) raw(key string) string {
	if s, ok := l.c.texts[key]; ok {
		return s
	}
	if l.tag != domain.DefaultLanguage {
		return In(domain.DefaultLanguage).raw(key)
	}
	return ""
}

// t is the text of key with its placeholders filled from args, pairs of
// name and value: t("greeting", "name", "Ana").
func (l Lang) t(key string, args ...string) string {
	return fill(l.raw(key), args)
}

// n is the text of plural key for count (its placeholder {count}), in
// the form the language's rule picks.
func (l Lang) n(key string, count int, args ...string) string {
	forms, ok := l.c.plurals[key]
	if !ok && l.tag != domain.DefaultLanguage {
		return In(domain.DefaultLanguage).n(key, count, args...)
	}
	form, ok := forms[plural(l.tag, count)]
	if !ok {
		form = forms["other"]
	}
	return fill(form, append(args, "count", strconv.Itoa(count)))
}

// fill replaces each {name} of s that args name (pairs of name and value)
// by its value, in one pass: a value holding braces (an event's title) is
// never read as a placeholder.
func fill(s string, args []string) string {
	if len(args) == 0 || !strings.Contains(s, "{") {
		return s
	}
	var b strings.Builder
	for {
		open := strings.IndexByte(s, '{')
		if open < 0 {
			break
		}
		end := strings.IndexByte(s[open:], '}')
		if end < 0 {
			break
		}
		b.WriteString(s[:open])
		name, value, found := s[open+1:open+end], "", false
		for i := 0; i+1 < len(args); i += 2 {
			if args[i] == name {
				value, found = args[i+1], true
				break
			}
		}
		if !found {
			value = s[open : open+end+1]
		}
		b.WriteString(value)
		s = s[open+end+1:]
	}
	b.WriteString(s)
	return b.String()
}

// linked splits a sentence with a link in its middle ("If you can't come,
// please [cancel {where}] so …") into the words before the link, the
// linked words and those after, each filled from args.
func (l Lang) linked(key string, args ...string) (before, label, after string) {
	s := l.raw(key)
	open, end := strings.IndexByte(s, '['), strings.LastIndexByte(s, ']')
	if open < 0 || end < open {
		return fill(s, args), "", ""
	}
	return fill(s[:open], args), fill(s[open+1:end], args), fill(s[end+1:], args)
}

// words is the i-th of the space-separated words of key (the names of the
// days and months).
func (l Lang) words(key string, i int) string {
	w := strings.Fields(l.raw(key))
	if i < 0 || i >= len(w) {
		return ""
	}
	return w[i]
}

// JoinLabel is the words before an online event's link in a calendar
// file (calendar.Entry.JoinLabel).
func (l Lang) JoinLabel() string { return l.t("calendar.join") }
