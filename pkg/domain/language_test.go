package domain

import (
	"strings"
	"testing"
)

func TestPreferredLanguage(t *testing.T) {
	for header, want := range map[string]string{
		"":                                "en",
		"de":                              "de",
		"de-CH,de;q=0.9,en;q=0.8":         "de",
		"pt-br":                           "pt-BR",
		"pt-PT;q=0.9":                     "pt-BR",
		"es-MX, en;q=0.5":                 "es",
		"nl, fr;q=0.7, en;q=0.3":          "fr",
		"en;q=0.2, ja;q=0.9":              "ja",
		"ar-EG":                           "ar",
		"*":                               "en",
		"xx, zz;q=0.1":                    "en",
		"de;q=0, fr":                      "fr",
		"de;q=abc, ja":                    "ja",
		"zh-Hant-TW;q=1.0, ar;q=0.1, x;q": "ar",
	} {
		if got := PreferredLanguage(header); got != want {
			t.Errorf("PreferredLanguage(%q) = %q, want %q", header, got, want)
		}
	}
}

func TestMailLanguage(t *testing.T) {
	for lang, want := range map[string]string{"": "en", "de": "de", "PT-br": "pt-BR", "klingon": "en"} {
		if got := (User{Language: lang}).MailLanguage(); got != want {
			t.Errorf("MailLanguage of %q = %q, want %q", lang, got, want)
		}
	}
}

func TestNormalizeLanguageTag(t *testing.T) {
	for tag, want := range map[string]string{
		"": "", " de ": "de", "PT-br": "pt-BR", "zh-hant-tw": "zh-Hant-TW", "es-419": "es-419",
		"ca-ES-valencia": "ca-ES-valencia", "sr-latn": "sr-Latn",
	} {
		if got, ok := NormalizeLanguageTag(tag); !ok || got != want {
			t.Errorf("NormalizeLanguageTag(%q) = %q, %v; want %q", tag, got, ok, want)
		}
	}
	for _, tag := range []string{"english!", "d", "de_DE", "de-", "Deutsch bitte", "x-klingon", strings.Repeat("ab-", 20) + "cd"} {
		if got, ok := NormalizeLanguageTag(tag); ok {
			t.Errorf("NormalizeLanguageTag(%q) = %q, accepted", tag, got)
		}
	}
}
