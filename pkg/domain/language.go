package domain

import (
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// MsgLanguageTag refuses an event's language that is not a BCP 47 tag.
const MsgLanguageTag = "Enter a language tag such as en, de or pt-BR."

// languageTag is the shape of the BCP 47 tags an event may name its
// language by: a language, then an optional script, region and variants
// ("de", "pt-BR", "zh-Hant-TW", "ca-ES-valencia"); at most 35 bytes.
var languageTag = regexp.MustCompile(`^[A-Za-z]{2,3}(-[A-Za-z]{4})?(-(?:[A-Za-z]{2}|[0-9]{3}))?(-(?:[A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}))*$`)

// NormalizeLanguageTag checks a BCP 47 tag and writes it in its usual case
// ("PT-br" → "pt-BR", "zh-hant" → "zh-Hant"); "" stays "".
func NormalizeLanguageTag(tag string) (string, bool) {
	tag = strings.TrimSpace(tag)
	if tag == "" {
		return "", true
	}
	if len(tag) > 35 || !languageTag.MatchString(tag) {
		return "", false
	}
	parts := strings.Split(tag, "-")
	for i, p := range parts {
		switch {
		case i == 0:
			parts[i] = strings.ToLower(p)
		case len(p) == 4 && i == 1 && !strings.ContainsAny(p[:1], "0123456789"):
			parts[i] = strings.ToUpper(p[:1]) + strings.ToLower(p[1:])
		case len(p) == 2:
			parts[i] = strings.ToUpper(p)
		default:
			parts[i] = strings.ToLower(p)
		}
	}
	return strings.Join(parts, "-"), true
}

// BaseLanguage is the language of a tag alone ("pt-BR" → "pt"): a search
// by language finds every variety of it.
func BaseLanguage(tag string) string {
	base, _, _ := strings.Cut(tag, "-")
	return strings.ToLower(base)
}

// DefaultLanguage is English, the spec's own words and the API's messages.
const DefaultLanguage = "en"

// Languages are those Turnout speaks, as BCP 47 tags (the web app's
// src/i18n/languages.ts lists the same).
var Languages = []string{"en", "es", "de", "fr", "pt-BR", "ja", "ar"}

// LanguageOf returns the tag as Turnout spells it ("pt-br" → "pt-BR"), and
// whether Turnout speaks it.
func LanguageOf(tag string) (string, bool) {
	for _, l := range Languages {
		if strings.EqualFold(l, tag) {
			return l, true
		}
	}
	return "", false
}

// nearLanguage is the language Turnout speaks closest to tag: the tag
// itself, else its language alone ("es-MX" → "es", "pt-PT" → "pt-BR").
func nearLanguage(tag string) (string, bool) {
	if l, ok := LanguageOf(tag); ok {
		return l, true
	}
	base, _, _ := strings.Cut(tag, "-")
	for _, l := range Languages {
		if lb, _, _ := strings.Cut(l, "-"); strings.EqualFold(lb, base) {
			return l, true
		}
	}
	return "", false
}

// PreferredLanguage reads an Accept-Language header (RFC 9110: tags with
// optional q weights): the most wanted language Turnout speaks, else
// English. The web app sends the language it shows. (A few lines here
// rather than x/text/language, whose tables would add a quarter of a
// megabyte to every function that reads the header.)
func PreferredLanguage(header string) string {
	type wanted struct {
		tag string
		q   float64
	}
	var all []wanted
	for _, part := range strings.Split(header, ",") {
		tag, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			parsed, err := strconv.ParseFloat(v, 64)
			if err != nil || parsed <= 0 || parsed > 1 {
				continue
			}
			q = parsed
		}
		if tag = strings.TrimSpace(tag); tag != "" && tag != "*" {
			all = append(all, wanted{tag, q})
		}
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].q > all[j].q })
	for _, w := range all {
		if l, ok := nearLanguage(w.tag); ok {
			return l
		}
	}
	return DefaultLanguage
}

// MailLanguage is the language the person's mail is written in: the one
// they chose or signed up (or registered as a guest) in, else English.
func (u User) MailLanguage() string {
	if l, ok := LanguageOf(u.Language); ok {
		return l
	}
	return DefaultLanguage
}
