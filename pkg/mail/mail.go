// Package mail holds the wording of each message Turnout sends, built
// without template execution; pkg/mail/ses delivers them.
package mail
