// Package mail holds the wording of each message Turnout sends, in each
// language Turnout speaks (catalog.go, locales/), built without template
// execution; pkg/mail/ses delivers them.
package mail
