package main

import "turnout/pkg/accounts"

// limitedPasswords lets at most cap(slots) hashes run at once; the rest
// wait. argon2id takes 19-64 MB a hash, so unbounded, 200 parallel logins
// grew the gateway to 3.9 GB. (A Lambda serves one request at a time, so
// only the gateway needs this.)
type limitedPasswords struct {
	inner accounts.Passwords
	slots chan struct{}
}

var _ accounts.Passwords = limitedPasswords{}

func limitPasswords(inner accounts.Passwords, n int) limitedPasswords {
	return limitedPasswords{inner: inner, slots: make(chan struct{}, max(n, 1))}
}

func (p limitedPasswords) acquire() func() {
	p.slots <- struct{}{}
	return func() { <-p.slots }
}

func (p limitedPasswords) Hash(password string) (string, error) {
	defer p.acquire()()
	return p.inner.Hash(password)
}

func (p limitedPasswords) Verify(encoded, password string) (bool, error) {
	defer p.acquire()()
	return p.inner.Verify(encoded, password)
}

func (p limitedPasswords) Burn(password string) {
	defer p.acquire()()
	p.inner.Burn(password)
}
