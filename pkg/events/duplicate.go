package events

import (
	"context"
	"time"

	"turnout/pkg/auth"
	"turnout/pkg/domain"
	"turnout/pkg/media"
)

// Duplicate creates a copy of u's event id (domain/duplicate.go) starting
// at start ("" for a week after it, at the same time in its zone): its
// fields, a copy of its banner, its questions and settings, a new invite
// code for a private one, and no registrations.
func (s *Service) Duplicate(ctx context.Context, u domain.User, id, start string) (domain.Event, error) {
	orig, err := s.Editable(ctx, u, id)
	if err != nil {
		return domain.Event{}, err
	}
	now := s.Now()
	at, err := domain.DuplicateStart(orig, start, now)
	if err != nil {
		return domain.Event{}, err
	}
	banner := ""
	if orig.BannerKey != "" {
		if banner, err = s.Media.CopyBanner(ctx, orig.BannerKey); err != nil {
			return domain.Event{}, err
		}
	}
	e := orig.Duplicate(auth.NewID(), at, banner, now.UTC().Truncate(time.Second))
	e.CreatedBy = domain.EditorOf(u)
	keepInvite(&e)
	err = media.Replace(ctx, s.Media, banner, "", func() error { return s.Store.CreateEvent(ctx, e) })
	if err == nil {
		s.announce(ctx, e)
	}
	return e, explain(err, eventNotFound())
}
