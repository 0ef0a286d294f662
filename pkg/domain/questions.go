package domain

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// QuestionKind is how a registration question is answered.
type QuestionKind string

const (
	// QuestionText is answered in words.
	QuestionText QuestionKind = "text"
	// QuestionChoice is answered by one of its options.
	QuestionChoice QuestionKind = "choice"
	// QuestionMulti is answered by any of its options.
	QuestionMulti QuestionKind = "multi"
	// QuestionCheckbox is a box to tick: a consent or the terms; required,
	// it must be ticked.
	QuestionCheckbox QuestionKind = "checkbox"
)

// Question is one thing an event asks the people registering. Its ID stays
// with it through every edit and is never given to another question, so
// answers keep meaning what they answered.
type Question struct {
	ID       string       `json:"id"`
	Label    string       `json:"label"`
	Kind     QuestionKind `json:"kind"`
	Options  []string     `json:"options"`
	Required bool         `json:"required"`
}

// Bounds of an event's questions and of their answers: an event item and an
// attendee item stay far below DynamoDB's 400 KB, and a registration's write
// stays small (answers ride on the attendee item its transaction writes).
const (
	MaxQuestions     = 10
	MaxQuestionLabel = 200
	MaxOptions       = 20
	MaxOptionLength  = 100
	MaxTextAnswer    = 500
	maxQuestionID    = 32
)

// Messages of questions and answers.
const (
	MsgQuestionsJSON   = "Send the questions as a JSON list of objects with id, label, kind, options and required."
	MsgTooManyQuestion = "An event asks at most 10 questions."
	MsgNotAsked        = "This event does not ask this question."
	MsgInvalidChoice   = "Select a valid choice."
	// A question's problems, by its number in the list.
	MsgQuestionNewID       = "Question %d: leave out the id of a new question (the server names it)."
	MsgQuestionIDTwice     = "Question %d: its id is used twice."
	MsgQuestionLabel       = "Question %d: the label is required and has at most %d characters."
	MsgQuestionNoOptions   = "Question %d: only a choice or multi question has options."
	MsgQuestionKind        = "Question %d: the kind is \"text\", \"choice\", \"multi\" or \"checkbox\"."
	MsgQuestionOptionCount = "Question %d: a choice has 2 to %d options."
	MsgQuestionOptions     = "Question %d: each option is different, not empty, and has at most %d characters."
	MsgMustAccept          = "You must tick this box to register."
	MsgAnswerType          = "This answer has the wrong type."
	MsgAnswersJSON         = "Send the answers as a JSON object of question id to answer."
)

// ParseQuestions reads the questions field of an event form (a JSON list)
// and checks it; newID names a question sent without an id. was are the
// event's questions before (nil for a new event): a question keeps its id,
// and an id the event never had is refused, so none is reused.
func ParseQuestions(raw string, was []Question, newID func() string) ([]Question, []string) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return []Question{}, nil
	}
	var in []Question
	if err := json.Unmarshal([]byte(raw), &in); err != nil {
		return nil, []string{MsgQuestionsJSON}
	}
	if len(in) > MaxQuestions {
		return nil, []string{MsgTooManyQuestion}
	}
	var problems []string
	seen := map[string]bool{}
	for i := range in {
		q := &in[i]
		q.Label = strings.TrimSpace(q.Label)
		at := i + 1
		switch {
		case q.ID == "":
			q.ID = newID()
		case !slices.ContainsFunc(was, func(w Question) bool { return w.ID == q.ID }):
			problems = append(problems, fmt.Sprintf(MsgQuestionNewID, at))
		case seen[q.ID]:
			problems = append(problems, fmt.Sprintf(MsgQuestionIDTwice, at))
		}
		seen[q.ID] = true
		if q.Label == "" || utf8.RuneCountInString(q.Label) > MaxQuestionLabel {
			problems = append(problems, fmt.Sprintf(MsgQuestionLabel, at, MaxQuestionLabel))
		}
		problems = append(problems, q.optionProblems(at)...)
	}
	return in, problems
}

// optionProblems checks q's kind and options, trimming the options.
func (q *Question) optionProblems(at int) []string {
	switch q.Kind {
	case QuestionText, QuestionCheckbox:
		if len(q.Options) > 0 {
			return []string{fmt.Sprintf(MsgQuestionNoOptions, at)}
		}
		q.Options = []string{}
		return nil
	case QuestionChoice, QuestionMulti:
	default:
		return []string{fmt.Sprintf(MsgQuestionKind, at)}
	}
	if len(q.Options) < 2 || len(q.Options) > MaxOptions {
		return []string{fmt.Sprintf(MsgQuestionOptionCount, at, MaxOptions)}
	}
	seen := map[string]bool{}
	for i, o := range q.Options {
		o = strings.TrimSpace(o)
		if o == "" || utf8.RuneCountInString(o) > MaxOptionLength || seen[o] {
			return []string{fmt.Sprintf(MsgQuestionOptions, at, MaxOptionLength)}
		}
		seen[o], q.Options[i] = true, o
	}
	return nil
}

// Answers are what a person answered an event's questions: per question
// id, its text, its chosen options, or "yes" for a ticked box (a question
// left unanswered has none).
type Answers map[string][]string

// checkedBox is a ticked box's answer.
const checkedBox = "yes"

// CheckAnswers reads raw answers (question id to a string, a list of
// strings or a boolean) against questions: every required question
// answered, every answer of the question's kind and among its options.
// The problems are per question id; none when it is all right.
func CheckAnswers(questions []Question, raw map[string]json.RawMessage) (Answers, FieldErrors) {
	out, bad := Answers{}, FieldErrors{}
	for id := range raw {
		if !slices.ContainsFunc(questions, func(q Question) bool { return q.ID == id }) {
			bad.Add(clipID(id), MsgNotAsked)
		}
	}
	for _, q := range questions {
		values, problem := q.read(raw[q.ID])
		switch {
		case problem != "":
			bad.Add(q.ID, problem)
		case len(values) == 0 && q.Required && q.Kind == QuestionCheckbox:
			bad.Add(q.ID, MsgMustAccept)
		case len(values) == 0 && q.Required:
			bad.Add(q.ID, MsgRequired)
		case len(values) > 0:
			out[q.ID] = values
		}
	}
	return out, bad
}

// read is one raw answer of q as stored; "" problem when it is valid.
func (q Question) read(raw json.RawMessage) (values []string, problem string) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, ""
	}
	switch q.Kind {
	case QuestionCheckbox:
		var ticked bool
		if json.Unmarshal(raw, &ticked) != nil {
			return nil, MsgAnswerType
		}
		if ticked {
			return []string{checkedBox}, ""
		}
		return nil, ""
	case QuestionMulti:
		var chosen []string
		if json.Unmarshal(raw, &chosen) != nil {
			return nil, MsgAnswerType
		}
		seen := map[string]bool{}
		for _, c := range chosen {
			if !slices.Contains(q.Options, c) || seen[c] {
				return nil, MsgInvalidChoice
			}
			seen[c] = true
		}
		return chosen, ""
	}
	var text string
	if json.Unmarshal(raw, &text) != nil {
		return nil, MsgAnswerType
	}
	text = strings.TrimSpace(text)
	switch {
	case text == "":
		return nil, ""
	case TextProblem(text) != "":
		return nil, TextProblem(text)
	case q.Kind == QuestionChoice && !slices.Contains(q.Options, text):
		return nil, MsgInvalidChoice
	case utf8.RuneCountInString(text) > MaxTextAnswer:
		return nil, fmt.Sprintf(MsgMaxLength, MaxTextAnswer)
	}
	return []string{text}, ""
}

// clipID bounds an unknown id a client sent before it is echoed back.
func clipID(id string) string {
	if len(id) > maxQuestionID {
		return id[:maxQuestionID]
	}
	return id
}

// AnswerValue is answer values of question q as the API shows it: the
// text or the option, the options chosen, or whether the box is ticked.
func AnswerValue(q Question, values []string) any {
	switch q.Kind {
	case QuestionMulti:
		return values
	case QuestionCheckbox:
		return len(values) > 0 && values[0] == checkedBox
	}
	if len(values) == 0 {
		return ""
	}
	return values[0]
}

// AnswerText is answer values of q in one line, for a CSV cell.
func AnswerText(q Question, values []string) string {
	if q.Kind == QuestionCheckbox {
		if len(values) > 0 {
			return "Yes"
		}
		return ""
	}
	return strings.Join(values, "; ")
}

// maxRetired bounds the questions an event keeps for old answers.
const maxRetired = 30

// retire adds to retired the questions of was that next no longer asks,
// keeping the latest maxRetired.
func retire(retired, was, next []Question) []Question {
	for _, q := range was {
		if !slices.ContainsFunc(next, func(n Question) bool { return n.ID == q.ID }) {
			retired = append(retired, q)
		}
	}
	return retired[max(0, len(retired)-maxRetired):]
}

// LabeledAnswer is one answer with the question it answers, as people read
// it: the text or option, the options chosen, or whether the box is ticked.
type LabeledAnswer struct {
	QuestionID string       `json:"question_id"`
	Label      string       `json:"label"`
	Kind       QuestionKind `json:"kind"`
	Answer     any          `json:"answer"`
}

// AnsweredQuestions are the questions answers may answer, in the order
// they are shown: those e asks, then those it asked before.
func (e Event) AnsweredQuestions() []Question {
	return append(slices.Clip(e.Questions), e.RetiredQuestions...)
}

// LabeledAnswers are answers to e's questions with their labels, in the
// order of AnsweredQuestions, the unanswered left out; never nil.
func (e Event) LabeledAnswers(answers Answers) []LabeledAnswer {
	out := []LabeledAnswer{}
	for _, q := range e.AnsweredQuestions() {
		if values, ok := answers[q.ID]; ok {
			out = append(out, LabeledAnswer{QuestionID: q.ID, Label: q.Label, Kind: q.Kind, Answer: AnswerValue(q, values)})
		}
	}
	return out
}
