package app

import (
	"turnout/pkg/accounts"
	"turnout/pkg/apitokens"
	eventsvc "turnout/pkg/events"
	"turnout/pkg/reminders"
	"turnout/pkg/store"
	"turnout/pkg/webhooks"
)

// The DynamoDB store is the adapter beneath every service: it implements
// what each flow asks of the table. (The mailer's Store is checked where
// functions/mailer hands it the store: importing the mailer here would
// link its SES and calendar code into every API function.)
var (
	_ eventsvc.Store          = (*store.Store)(nil)
	_ accounts.AccountReader  = (*store.Store)(nil)
	_ accounts.SignUpStore    = (*store.Store)(nil)
	_ accounts.MailQuotaStore = (*store.Store)(nil)
	_ accounts.LoginStore     = (*store.Store)(nil)
	_ accounts.ProfileStore   = (*store.Store)(nil)
	_ accounts.LeavingStore   = (*store.Store)(nil)
	_ reminders.Store         = (*store.Store)(nil)
	_ apitokens.Store         = (*store.Store)(nil)
	_ webhooks.Store          = (*store.Store)(nil)
)
