package accounts

import (
	"context"

	"turnout/pkg/domain"
)

// SetLanguage keeps the language u reads Turnout in, which their mail
// follows; only one Turnout speaks.
func (s *Service) SetLanguage(ctx context.Context, u domain.User, language string) (string, error) {
	l, ok := domain.LanguageOf(language)
	if !ok {
		return "", domain.FieldError("language", domain.MsgInvalidChoice)
	}
	if err := s.Profiles.SetLanguage(ctx, u.ID, l); err != nil {
		return "", err
	}
	return l, nil
}
