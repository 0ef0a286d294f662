package mail

import "turnout/pkg/domain"

// WebhookDisabled tells an owner of org that its endpoint at url failed
// for domain.DisableAfter and was turned off; link opens the dashboard's
// webhooks.
func (l Lang) WebhookDisabled(to, org, url, link string) domain.Message {
	b := l.newBody("")
	b.para(l.t("webhookDisabled.intro", "url", url))
	b.action(l.t("webhookDisabled.action"), l.t("webhookDisabled.button"), link)
	return b.message(to, l.t("webhookDisabled.subject", "org", clip(org, 80)), link)
}
