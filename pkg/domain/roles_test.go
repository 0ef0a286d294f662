package domain

import "testing"

func TestRolesDoTheirDuties(t *testing.T) {
	want := map[Role][3]bool{
		RoleOwner:   {true, true, true},
		RoleManager: {true, true, false},
		RoleCheckin: {true, false, false},
		"":          {false, false, false},
		"admin":     {false, false, false},
	}
	for r, does := range want {
		for d, ok := range does {
			if got := r.Does(Duty(d)); got != ok {
				t.Errorf("%q does duty %d = %v, want %v", r, d, got, ok)
			}
		}
	}
}

func TestRoleInAnOrganization(t *testing.T) {
	login := User{ID: "L", IsOrganizer: true, OrganizationID: "A", Memberships: map[string]Role{"A": RoleCheckin}}
	person := User{ID: "P", Memberships: map[string]Role{"A": RoleCheckin, "B": RoleManager}}
	guest := User{ID: "G", Guest: true, Memberships: map[string]Role{"A": RoleOwner}}
	cases := []struct {
		u    User
		org  string
		want Role
	}{
		{login, "A", RoleOwner}, // its own login stays its owner
		{login, "B", ""},
		{person, "A", RoleCheckin},
		{person, "B", RoleManager},
		{person, "", ""},
		{guest, "A", ""},
	}
	for _, c := range cases {
		if got := c.u.RoleIn(c.org); got != c.want {
			t.Errorf("%s in %q = %q, want %q", c.u.ID, c.org, got, c.want)
		}
	}
	if got := person.HomeOrganization(DutyEvents); got != "B" {
		t.Errorf("the person's home for events = %q", got)
	}
	if got := person.HomeOrganization(DutyOrganization); got != "" {
		t.Errorf("the person's home for owning = %q", got)
	}
	if err := Authorize(person, "A", DutyEvents, "not yours"); err == nil || err.(*Error).Message != MsgNotPermitted {
		t.Errorf("a door volunteer editing: %v", err)
	}
	if err := Authorize(person, "C", DutyDoor, "not yours"); err == nil || err.(*Error).Message != "not yours" {
		t.Errorf("a stranger at the door: %v", err)
	}
}

func TestOwnersLeft(t *testing.T) {
	members := []Member{{UserID: "L", Role: RoleOwner, Login: true}, {UserID: "P", Role: RoleOwner}, {UserID: "Q", Role: RoleManager}}
	if got := OwnersLeft(members, "P", ""); got != 1 {
		t.Errorf("owners once P leaves = %d", got)
	}
	if got := OwnersLeft(members[1:], "P", RoleManager); got != 0 {
		t.Errorf("owners once the last is demoted = %d", got)
	}
	if got := OwnersLeft(members, "Q", RoleOwner); got != 3 {
		t.Errorf("owners once Q is promoted = %d", got)
	}
}
