package apitest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"turnout/pkg/domain"
)

type question struct {
	ID       string   `json:"id,omitempty"`
	Label    string   `json:"label"`
	Kind     string   `json:"kind"`
	Options  []string `json:"options,omitempty"`
	Required bool     `json:"required"`
}

type answered struct {
	QuestionID string `json:"question_id"`
	Label      string `json:"label"`
	Kind       string `json:"kind"`
	Answer     any    `json:"answer"`
}

func questionsJSON(t *testing.T, qs []question) string {
	t.Helper()
	b, err := json.Marshal(qs)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// An event asks questions; registering answers them (a required one
// missing or an answer that is not one of the question's refused, per
// question, taking nothing); the answers show in the person's registration,
// the attendee list, the CSV and the data export, and stay readable when
// the organizer changes or takes off the question.
func TestRegistrationQuestions(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	asked := []question{
		{Label: "Diet", Kind: "choice", Options: []string{"None", "Vegetarian", "Vegan"}, Required: true},
		{Label: "Anything else?", Kind: "text"},
		{Label: "I accept the code of conduct", Kind: "checkbox", Required: true},
		{Label: "Sessions", Kind: "multi", Options: []string{"A", "B", "C"}},
	}
	res := env.Multipart(http.MethodPost, "/api/event/create/", evFormWith(env.EventForm(3, 5), map[string]string{"title": "Asking supper", "questions": questionsJSON(t, asked)}), nil, org.Access)
	Expect(t, res, http.StatusCreated)
	var ev struct {
		Event
		Questions []question `json:"questions"`
	}
	res.Decode(t, &ev)
	if len(ev.Questions) != 4 {
		t.Fatalf("the event asks %+v, want the 4 questions", ev.Questions)
	}
	ids := map[string]string{}
	for _, q := range ev.Questions {
		if q.ID == "" || ids[q.Label] != "" {
			t.Fatalf("questions %+v: want an id each", ev.Questions)
		}
		ids[q.Label] = q.ID
	}
	diet, note, coc, sessions := ids["Diet"], ids["Anything else?"], ids["I accept the code of conduct"], ids["Sessions"]
	var public struct {
		Questions []question `json:"questions"`
	}
	res = env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/", nil, "")
	Expect(t, res, http.StatusOK)
	res.Decode(t, &public)
	if len(public.Questions) != 4 || public.Questions[0].Options[2] != "Vegan" {
		t.Errorf("the public detail asks %+v", public.Questions)
	}

	ada := env.NewPerson(t)
	register := func(answers map[string]any) *Response {
		return env.JSON(http.MethodPost, "/api/event/register/"+ev.ID+"/", map[string]any{"answers": answers}, ada.Access)
	}
	refused := func(answers map[string]any, want map[string][]string) {
		t.Helper()
		res := register(answers)
		Expect(t, res, http.StatusBadRequest)
		var got struct {
			Answers map[string][]string `json:"answers"`
		}
		res.Decode(t, &got)
		for id, msgs := range want {
			if !slices.Equal(got.Answers[id], msgs) {
				t.Errorf("answers %v: %s says %v, want %v (all: %s)", answers, id, got.Answers[id], msgs, res.Body)
			}
		}
		if len(got.Answers) != len(want) {
			t.Errorf("answers %v: %s, want only %v", answers, res.Body, want)
		}
	}
	// No body at all (the spec's call) answers the required questions missing.
	res = env.JSON(http.MethodPost, "/api/event/register/"+ev.ID+"/", nil, ada.Access)
	Expect(t, res, http.StatusBadRequest)
	if !strings.Contains(string(res.Body), domain.MsgMustAccept) {
		t.Errorf("registering without answers: %s", res.Body)
	}
	refused(map[string]any{}, map[string][]string{diet: {domain.MsgRequired}, coc: {domain.MsgMustAccept}})
	refused(map[string]any{diet: "Pizza", coc: true}, map[string][]string{diet: {domain.MsgInvalidChoice}})
	refused(map[string]any{diet: "Vegan", coc: false}, map[string][]string{coc: {domain.MsgMustAccept}})
	refused(map[string]any{diet: "Vegan", coc: "yes"}, map[string][]string{coc: {domain.MsgAnswerType}})
	refused(map[string]any{diet: "Vegan", coc: true, sessions: []string{"A", "A"}}, map[string][]string{sessions: {domain.MsgInvalidChoice}})
	refused(map[string]any{diet: "Vegan", coc: true, sessions: "A"}, map[string][]string{sessions: {domain.MsgAnswerType}})
	refused(map[string]any{diet: "Vegan", coc: true, note: strings.Repeat("x", domain.MaxTextAnswer+1)}, map[string][]string{note: {"Ensure this field has no more than 500 characters."}})
	refused(map[string]any{diet: "Vegan", coc: true, note: "a\x00b"}, map[string][]string{note: {domain.TextProblem("a\x00b")}})
	refused(map[string]any{diet: "Vegan", coc: true, "nope": "x"}, map[string][]string{"nope": {domain.MsgNotAsked}})
	// Nothing was taken by any of them.
	if got := env.GetEvent(t, ev.ID); got.SeatsLeft != 5 {
		t.Fatalf("refused registrations took seats: %d left", got.SeatsLeft)
	}

	res = register(map[string]any{diet: "Vegan", coc: true, note: "  Allergic to nuts.  ", sessions: []string{"C", "A"}})
	Expect(t, res, http.StatusCreated)
	want := []answered{
		{diet, "Diet", "choice", "Vegan"}, {note, "Anything else?", "text", "Allergic to nuts."},
		{coc, "I accept the code of conduct", "checkbox", true}, {sessions, "Sessions", "multi", []any{"C", "A"}},
	}
	sameAnswers := func(where string, got []answered, want []answered) {
		t.Helper()
		g, _ := json.Marshal(got)
		w, _ := json.Marshal(want)
		if string(g) != string(w) {
			t.Errorf("%s answers %s, want %s", where, g, w)
		}
	}
	var reg struct {
		Answers []answered `json:"answers"`
	}
	res.Decode(t, &reg)
	sameAnswers("the registration's answer", reg.Answers, want)
	res = env.JSON(http.MethodGet, "/api/event/register/"+ev.ID+"/", nil, ada.Access)
	Expect(t, res, http.StatusOK)
	res.Decode(t, &reg)
	sameAnswers("the person's registration", reg.Answers, want)

	var list struct {
		Attendees []struct {
			Username string     `json:"username"`
			Answers  []answered `json:"answers"`
		} `json:"attendees"`
	}
	res = env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/attendees/", nil, org.Access)
	Expect(t, res, http.StatusOK)
	res.Decode(t, &list)
	if len(list.Attendees) != 1 {
		t.Fatalf("attendees %s", res.Body)
	}
	sameAnswers("the attendee list", list.Attendees[0].Answers, want)
	csv := string(env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/attendees.csv", nil, org.Access).Body)
	for _, cell := range []string{",Diet,Anything else?,I accept the code of conduct,Sessions\r\n", ",Vegan,Allergic to nuts.,Yes,C; A\r\n"} {
		if !strings.Contains(csv, cell) {
			t.Errorf("the CSV lacks %q:\n%s", cell, csv)
		}
	}
	var export struct {
		Registrations []struct {
			EventID string     `json:"event_id"`
			Answers []answered `json:"answers"`
		} `json:"registrations"`
	}
	res = env.JSON(http.MethodGet, "/api/user/export/", nil, ada.Access)
	Expect(t, res, http.StatusOK)
	res.Decode(t, &export)
	if len(export.Registrations) != 1 {
		t.Fatalf("export %s", res.Body)
	}
	sameAnswers("the data export", export.Registrations[0].Answers, want)

	// The organizer renames one question and takes another off: the
	// answers stay, the one taken off under its old label.
	edited := []question{ev.Questions[0], ev.Questions[2], ev.Questions[3]}
	edited[0].Label = "Dietary needs"
	res = evPatch(env, ev.ID, evFormWith(evFormOf(ev.Event), map[string]string{"questions": questionsJSON(t, edited)}), org.Access)
	Expect(t, res, http.StatusOK)
	res = env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/attendees/", nil, org.Access)
	res.Decode(t, &list)
	sameAnswers("the attendee list after the edit", list.Attendees[0].Answers, []answered{
		{diet, "Dietary needs", "choice", "Vegan"}, want[2], want[3], want[1],
	})
	csv = string(env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/attendees.csv", nil, org.Access).Body)
	if !strings.Contains(csv, ",Dietary needs,I accept the code of conduct,Sessions,Anything else? (no longer asked)\r\n") || !strings.Contains(csv, ",Vegan,Yes,C; A,Allergic to nuts.\r\n") {
		t.Errorf("the CSV after the edit:\n%s", csv)
	}
	// An edit without the field keeps them; a question's id is never
	// taken by another.
	Expect(t, evPatch(env, ev.ID, evFormOf(ev.Event), org.Access), http.StatusOK)
	res = env.JSON(http.MethodGet, "/api/event/detail/"+ev.ID+"/", nil, "")
	res.Decode(t, &public)
	if len(public.Questions) != 3 {
		t.Errorf("an edit without questions changed them: %+v", public.Questions)
	}
	reused := append(slices.Clone(edited), question{ID: note, Label: "Reused", Kind: "text"})
	res = evPatch(env, ev.ID, evFormWith(evFormOf(ev.Event), map[string]string{"questions": questionsJSON(t, reused)}), org.Access)
	Expect(t, res, http.StatusBadRequest)
	if got := res.Fields(t)["questions"]; len(got) != 1 || !strings.Contains(got[0], "leave out the id") {
		t.Errorf("reusing a question's id: %s", res.Body)
	}
}

// The questions of an event form are checked like every field.
func TestQuestionsAreChecked(t *testing.T) {
	t.Parallel()
	env := MustEnv(t)
	org := env.NewOrganizer(t)
	many := make([]question, domain.MaxQuestions+1)
	for i := range many {
		many[i] = question{Label: "Q", Kind: "text"}
	}
	// The most an event may ask is accepted: ten questions of twenty long options.
	largest := make([]question, domain.MaxQuestions)
	for i := range largest {
		largest[i] = question{Label: strings.Repeat("L", domain.MaxQuestionLabel), Kind: "multi", Options: make([]string, domain.MaxOptions)}
		for j := range largest[i].Options {
			largest[i].Options[j] = fmt.Sprintf("%03d", j) + strings.Repeat("o", domain.MaxOptionLength-3)
		}
	}
	Expect(t, env.Multipart(http.MethodPost, "/api/event/create/", evFormWith(env.EventForm(3, 5), map[string]string{"questions": questionsJSON(t, largest)}), nil, org.Access), http.StatusCreated)
	for raw, want := range map[string]string{
		"not json":                        domain.MsgQuestionsJSON,
		`{"label": "x"}`:                  domain.MsgQuestionsJSON,
		questionsJSON(t, many):            domain.MsgTooManyQuestion,
		`[{"label": "", "kind": "text"}]`: "the label is required",
		`[{"label": "` + strings.Repeat("x", 201) + `", "kind": "text"}]`: "the label is required",
		`[{"label": "x", "kind": "essay"}]`:                               `the kind is "text"`,
		`[{"label": "x", "kind": "choice", "options": ["only"]}]`:         "a choice has 2 to 20 options",
		`[{"label": "x", "kind": "choice", "options": ["a", "a"]}]`:       "each option is different",
		`[{"label": "x", "kind": "multi", "options": ["a", ""]}]`:         "each option is different",
		`[{"label": "x", "kind": "text", "options": ["a", "b"]}]`:         "only a choice or multi question has options",
		`[{"id": "made-up", "label": "x", "kind": "text"}]`:               "leave out the id",
	} {
		res := env.Multipart(http.MethodPost, "/api/event/create/", evFormWith(env.EventForm(3, 5), map[string]string{"questions": raw}), nil, org.Access)
		Expect(t, res, http.StatusBadRequest)
		if got := res.Fields(t)["questions"]; len(got) == 0 || !strings.Contains(got[0], want) {
			t.Errorf("questions %.60s: %s, want %q", raw, res.Body, want)
		}
	}
}
