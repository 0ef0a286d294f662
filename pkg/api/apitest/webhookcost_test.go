package apitest

import (
	"context"
	"maps"
	"testing"
	"time"

	"turnout/pkg/app"
	"turnout/pkg/domain"
	"turnout/pkg/store"
	"turnout/pkg/webhooks"
)

// TestWebhookCostOfARegistration: what webhooks add to a registration.
// The request writes nothing more; the mailer's reading of the change
// costs an organization without endpoints two Queries (the event, its
// endpoints), and one with an endpoint that hears of it the attendee's
// read and a transaction of two items (docs/api.md "Webhooks").
func TestWebhookCostOfARegistration(t *testing.T) {
	env := MustEnvWithoutRegistrationMail(t) // this test plays the mailer's part for attendees
	org, person := env.NewOrganizer(t), env.NewPerson(t)
	ev := env.CreateEvent(t, org, env.EventForm(5, 10))

	ops := &store.OperationCounter{}
	st := store.New(env.awsCfg, env.Config.DynamoDBEndpoint, env.Config.Table, ops.ClientOption())
	worker := webhooks.NewWorker(st, app.WebhookGuard(env.Config), nil, time.Now)
	change := func(p *Account) domain.AttendeeWritten {
		reg := regRegister(t, env, ev.ID, p)
		return domain.AttendeeWritten{EventID: ev.ID, UserID: p.ID, RegistrationID: reg.ID, Inserted: true, Status: domain.StatusRegistered, Email: p.Email}
	}

	c := change(person)
	ops.Take()
	if err := worker.HandleChange(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	if got, want := ops.Take(), map[string]int{"Query": 2}; !maps.Equal(got, want) {
		t.Errorf("no endpoint: %v, want %v", got, want)
	}

	rc := newReceiver(t)
	env.newHook(t, org, rc.srv.URL, domain.HookRegistrationCreated)
	c = change(env.NewPerson(t))
	ops.Take()
	if err := worker.HandleChange(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	if got, want := ops.Take(), map[string]int{"Query": 2, "BatchGetItem": 1, "TransactWriteItems": 1}; !maps.Equal(got, want) {
		t.Errorf("an endpoint hearing it: %v, want %v (the event, the endpoints, the attendee; the delivery with its claim)", got, want)
	}
	// The same change told again queues nothing more.
	if err := worker.HandleChange(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	if n := len(env.deliveries(t, org.Access, env.hooks(t, org)[0].ID)); n != 1 {
		t.Errorf("%d deliveries of one change told twice", n)
	}
	rc.wait(t, "registration.created", 0)
}
