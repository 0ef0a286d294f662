package mail

import (
	"io/fs"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"turnout/pkg/domain"
)

// pluralForms are the categories plural picks in each language: the forms
// its catalog's plural texts have, no more.
var pluralForms = map[string][]string{
	"en":    {"one", "other"},
	"de":    {"one", "other"},
	"es":    {"one", "many", "other"},
	"fr":    {"one", "many", "other"},
	"pt-BR": {"one", "many", "other"},
	"ja":    {"other"},
	"ar":    {"zero", "one", "two", "few", "many", "other"},
}

var placeholder = regexp.MustCompile(`\{[^{}]*\}`)

// placeholders are the {names} of s, each once.
// keys are c's keys, texts and plurals.
func keys(c catalog) []string {
	return slices.Sorted(func(yield func(string) bool) {
		for k := range c.texts {
			if !yield(k) {
				return
			}
		}
		for k := range c.plurals {
			if !yield(k) {
				return
			}
		}
	})
}

func placeholders(s string) map[string]bool {
	out := map[string]bool{}
	for _, p := range placeholder.FindAllString(s, -1) {
		out[p] = true
	}
	return out
}

// links is how s marks linked words: "[]" or "".
func links(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r == '[' || r == ']' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TestCatalogsMatchEnglish: every language's catalog has exactly English's
// keys, each a text where English's is one and plural forms where
// English's has them (exactly the forms its plural rule picks), with the
// same placeholders and linked words; every text is written.
func TestCatalogsMatchEnglish(t *testing.T) {
	en, err := readCatalog("en")
	if err != nil || len(en.texts) == 0 {
		t.Fatalf("English catalog: %v", err)
	}
	for _, tag := range domain.Languages {
		c, err := readCatalog(tag)
		if err != nil {
			t.Errorf("%s: %v", tag, err)
			continue
		}
		for _, k := range keys(en) {
			if _, ok := c.texts[k]; !ok && c.plurals[k] == nil {
				t.Errorf("%s lacks %q", tag, k)
			}
		}
		for _, k := range keys(c) {
			if _, ok := en.texts[k]; !ok && en.plurals[k] == nil {
				t.Errorf("%s has %q, which English lacks", tag, k)
			}
		}
		for k, want := range en.texts {
			if got, ok := c.texts[k]; ok {
				checkText(t, tag, k, got, placeholders(want), links(want))
			} else if c.plurals[k] != nil {
				t.Errorf("%s: %q has plural forms; English's is one text", tag, k)
			}
		}
		for k, want := range en.plurals {
			checkPlural(t, tag, k, c, want)
		}
		for key, n := range map[string]int{"date.weekdays": 7, "date.months": 12} {
			if got := len(strings.Fields(c.texts[key])); got != n {
				t.Errorf("%s: %s has %d names, want %d", tag, key, got, n)
			}
		}
	}
}

func checkText(t *testing.T, tag, key, got string, want map[string]bool, link string) {
	t.Helper()
	if strings.TrimSpace(got) == "" || !utf8.ValidString(got) {
		t.Errorf("%s: %q is empty or not UTF-8", tag, key)
	}
	if have := placeholders(got); !maps.Equal(have, want) {
		t.Errorf("%s: %q has placeholders %v, English %v", tag, key, slices.Sorted(maps.Keys(have)), slices.Sorted(maps.Keys(want)))
	}
	if links(got) != link {
		t.Errorf("%s: %q marks links as %q, English as %q", tag, key, links(got), link)
	}
}

// checkPlural: c's plural key has the forms tag's rule picks, each with
// placeholders English's forms have, and together all of them.
func checkPlural(t *testing.T, tag, key string, c catalog, en map[string]string) {
	t.Helper()
	forms := c.plurals[key]
	if forms == nil {
		t.Errorf("%s: %q is no set of plural forms", tag, key)
		return
	}
	if got := slices.Sorted(maps.Keys(forms)); !slices.Equal(got, slices.Sorted(slices.Values(pluralForms[tag]))) {
		t.Errorf("%s: %q has forms %v, want %v", tag, key, got, pluralForms[tag])
	}
	want, all := map[string]bool{}, map[string]bool{}
	for _, s := range en {
		maps.Copy(want, placeholders(s))
	}
	for form, s := range forms {
		have := placeholders(s)
		for p := range have {
			if !want[p] {
				t.Errorf("%s: %q (%s) has placeholder %s, which English lacks", tag, key, form, p)
			}
		}
		maps.Copy(all, have)
		checkText(t, tag, key+" ("+form+")", s, have, "")
	}
	if !maps.Equal(all, want) {
		t.Errorf("%s: %q's forms have placeholders %v, English's %v", tag, key, slices.Sorted(maps.Keys(all)), slices.Sorted(maps.Keys(want)))
	}
}

// TestCatalogsAreTheLanguages: one catalog per language Turnout speaks.
func TestCatalogsAreTheLanguages(t *testing.T) {
	files, err := fs.Glob(locales, "locales/*")
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, l := range domain.Languages {
		want = append(want, "locales/"+l+".json")
	}
	if slices.Sort(files); !slices.Equal(files, slices.Sorted(slices.Values(want))) {
		t.Errorf("catalogs %v, want %v", files, want)
	}
}

// TestPluralRules: CLDR's categories for the counts that tell them apart,
// and only categories the catalogs have forms for.
func TestPluralRules(t *testing.T) {
	for tag, want := range map[string]map[int]string{
		"en":    {0: "other", 1: "one", 2: "other", 21: "other"},
		"de":    {0: "other", 1: "one", 2: "other"},
		"es":    {0: "other", 1: "one", 2: "other", 1000000: "many"},
		"fr":    {0: "one", 1: "one", 2: "other", 1000000: "many"},
		"pt-BR": {0: "one", 1: "one", 2: "other", 2000000: "many"},
		"ja":    {0: "other", 1: "other", 2: "other"},
		"ar":    {0: "zero", 1: "one", 2: "two", 3: "few", 10: "few", 11: "many", 99: "many", 100: "other", 102: "other", 103: "few", 111: "many"},
	} {
		for n, category := range want {
			if got := plural(tag, n); got != category {
				t.Errorf("plural(%s, %d) = %s, want %s", tag, n, got, category)
			}
		}
		for n := range 2_000_001 {
			if n > 1000 && n%1000000 != 0 {
				continue
			}
			if got := plural(tag, n); !slices.Contains(pluralForms[tag], got) {
				t.Fatalf("plural(%s, %d) = %s, which %s's catalog has no form for", tag, n, got, tag)
			}
		}
	}
}

// TestFillReadsNoPlaceholderInValues: a title holding "{name}" stays as
// written.
func TestFillReadsNoPlaceholderInValues(t *testing.T) {
	if got := fill("{a} and {b} {c}", []string{"a", "{b}", "b", "x"}); got != "{b} and x {c}" {
		t.Errorf("fill = %q", got)
	}
	if got := In("tlh").Tag(); got != "en" {
		t.Errorf("an unknown language is %q, want en", got)
	}
}
