package app

import (
	"turnout/pkg/accounts"
	eventsvc "turnout/pkg/events"
	"turnout/pkg/store"
)

// The DynamoDB store is the adapter beneath every service: it implements
// what each flow asks of the table. (The reminder job and the mailer take
// it in their own mains, functions/reminders and functions/mailer, which
// the compiler checks the same way.)
var (
	_ eventsvc.Store          = (*store.Store)(nil)
	_ accounts.AccountReader  = (*store.Store)(nil)
	_ accounts.SignUpStore    = (*store.Store)(nil)
	_ accounts.MailQuotaStore = (*store.Store)(nil)
	_ accounts.LoginStore     = (*store.Store)(nil)
	_ accounts.ProfileStore   = (*store.Store)(nil)
	_ accounts.LeavingStore   = (*store.Store)(nil)
)
