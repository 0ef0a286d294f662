package domain

import (
	"fmt"
	"testing"
)

// Questions taken off are kept for their answers, the latest 30.
func TestRetiredQuestionsAreBounded(t *testing.T) {
	var e Event
	for i := range 40 {
		q := Question{ID: fmt.Sprintf("q%d", i), Label: fmt.Sprint("Question ", i), Kind: QuestionText}
		next := []Question{q}
		EventFields{Questions: &next}.Apply(&e)
	}
	if len(e.Questions) != 1 || e.Questions[0].ID != "q39" {
		t.Fatalf("asks %+v, want the last", e.Questions)
	}
	if n := len(e.RetiredQuestions); n != maxRetired || e.RetiredQuestions[0].ID != "q9" || e.RetiredQuestions[n-1].ID != "q38" {
		t.Errorf("kept %d retired, from %s to %s; want the latest %d", n, e.RetiredQuestions[0].ID, e.RetiredQuestions[n-1].ID, maxRetired)
	}
	got := e.LabeledAnswers(Answers{"q39": {"now"}, "q20": {"then"}, "q1": {"long gone"}})
	if len(got) != 2 || got[0].QuestionID != "q39" || got[1].Label != "Question 20" {
		t.Errorf("labeled answers %+v: want the asked one first, then the retired, and none of a question forgotten", got)
	}
}
