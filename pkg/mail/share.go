package mail

// The words Turnout writes into a shared page's link preview (the API's
// share pages), from the same catalogs as the mails: the people who see a
// link to an event read the language it is held in.

// CancelledTitle is the preview's title of a cancelled event.
func (l Lang) CancelledTitle(title string) string { return l.t("share.cancelled", "title", title) }

// OrganizationSummary describes an organization whose profile says nothing.
func (l Lang) OrganizationSummary(name string) string {
	return l.t("share.organizationSummary", "name", name)
}
