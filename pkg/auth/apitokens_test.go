package auth

import (
	"strings"
	"testing"
)

func TestAPITokenSecrets(t *testing.T) {
	secret, digest := NewAPIToken("01TOKEN", "01ORG")
	id, org, ok := ParseAPIToken(secret)
	if !ok || id != "01TOKEN" || org != "01ORG" || !IsAPIToken(secret) {
		t.Fatalf("ParseAPIToken(%q) = %q, %q, %v", secret, id, org, ok)
	}
	if strings.Contains(digest, secret) || !SameDigest(secret, digest) || SameDigest(secret+"x", digest) {
		t.Errorf("digest %q of %q", digest, secret)
	}
	if other, _ := NewAPIToken("01TOKEN", "01ORG"); other == secret {
		t.Error("two tokens share a secret")
	}
	for _, bad := range []string{"", "tn_", "tn_a_b", "tn_a__c", "eyJhbGciOi.x.y", "tn_a_b_c_d", "tn_a_b_" + strings.Repeat("c", 300)} {
		if _, _, ok := ParseAPIToken(bad); ok {
			t.Errorf("ParseAPIToken(%q) accepted", bad)
		}
	}
	if s := NewWebhookSecret(); !strings.HasPrefix(s, "whsec_") || len(s) != len("whsec_")+32 {
		t.Errorf("webhook secret %q", s)
	}
}
