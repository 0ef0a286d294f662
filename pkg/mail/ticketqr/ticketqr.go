// Package ticketqr draws a ticket's QR code as a PNG for mail, where an
// image is the only way to show it. Only the mailer imports it, so the
// API functions link no image encoder.
package ticketqr

import (
	"fmt"

	qrcode "github.com/skip2/go-qrcode"
)

// Size is the image's width and height in pixels: the QR code of a
// ticket's code (version 4 at medium correction, 33 modules and a quiet
// zone) at about 5 pixels a module, sharp on a phone and small in mail.
const Size = 200

// PNG is the QR code of a ticket's code, at the correction level the web
// app draws it with, so both read alike at the door.
func PNG(code string) ([]byte, error) {
	png, err := qrcode.Encode(code, qrcode.Medium, Size)
	if err != nil {
		return nil, fmt.Errorf("draw the QR code of a ticket: %w", err)
	}
	return png, nil
}
