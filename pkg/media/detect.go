package media

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"net/http"
)

// MaxImageBytes is the largest image accepted, whether it arrives in a
// multipart form or through a presigned upload.
const MaxImageBytes = 5 << 20

// maxImagePixels bounds the declared dimensions of an image: a few megabytes
// of well-compressed pixels can claim gigapixels, which browsers that
// display the image would have to decode. A 48-megapixel phone photo fits.
const maxImagePixels = 64_000_000

// Errors returned (wrapped) by this package; test them with errors.Is.
var (
	ErrNotImage     = errors.New("not an image")
	ErrTooLarge     = errors.New("image too large")
	ErrBadUploadKey = errors.New("bad upload key")
)

// imageFormat is one accepted image type.
type imageFormat struct {
	contentType string
	ext         string
	// size reads the dimensions the header declares (dimensions.go).
	size func(data []byte) (w, h int, err error)
	// complete reports whether data looks whole, so that an upload cut
	// short is refused even though its header decodes.
	complete func(data []byte) bool
}

// formats is keyed by the content type http.DetectContentType reports.
var formats = map[string]imageFormat{
	"image/jpeg": {"image/jpeg", ".jpg", jpegSize, jpegComplete},
	"image/png":  {"image/png", ".png", pngSize, pngComplete},
	"image/gif":  {"image/gif", ".gif", gifSize, gifComplete},
	"image/webp": {"image/webp", ".webp", webpSize, webpComplete},
}

// DetectImage tells what image data is by its content, never by a file
// name: the bytes must sniff as JPEG, PNG, GIF or WebP, their header must
// read as that format's, and the data must not be cut short.
// It returns the content type and the file extension (".jpg", ".png",
// ".gif", ".webp"), ErrNotImage for anything else, and ErrTooLarge for an
// image whose declared dimensions exceed what a browser should be asked to
// decode.
func DetectImage(data []byte) (contentType, ext string, err error) {
	if len(data) == 0 {
		return "", "", fmt.Errorf("detect image: no data: %w", ErrNotImage)
	}
	sniffed := http.DetectContentType(data)
	f, ok := formats[sniffed]
	if !ok {
		return "", "", fmt.Errorf("detect image: content is %s: %w", sniffed, ErrNotImage)
	}
	w, h, err := f.size(data)
	if err != nil {
		return "", "", fmt.Errorf("detect image: %s header: %v: %w", sniffed, err, ErrNotImage)
	}
	if w <= 0 || h <= 0 {
		return "", "", fmt.Errorf("detect image: %s is %dx%d: %w", sniffed, w, h, ErrNotImage)
	}
	if int64(w)*int64(h) > maxImagePixels {
		return "", "", fmt.Errorf("detect image: %s is %dx%d pixels: %w", sniffed, w, h, ErrTooLarge)
	}
	if !f.complete(data) {
		return "", "", fmt.Errorf("detect image: %s is truncated: %w", sniffed, ErrNotImage)
	}
	return f.contentType, f.ext, nil
}

// jpegComplete looks for the end-of-image marker. Some cameras append data
// after it, so it need not be the last two bytes.
func jpegComplete(data []byte) bool {
	return bytes.LastIndex(data, []byte{0xFF, 0xD9}) >= 2
}

// pngComplete looks for the IEND chunk every PNG ends with.
func pngComplete(data []byte) bool {
	return bytes.LastIndex(data, []byte("\x00\x00\x00\x00IEND")) >= 8
}

// gifComplete checks for the trailer byte, allowing zero padding after it.
func gifComplete(data []byte) bool {
	data = bytes.TrimRight(data, "\x00")
	return len(data) > 13 && data[len(data)-1] == 0x3B
}

// webpComplete checks that the RIFF container holds as many bytes as its
// header declares.
func webpComplete(data []byte) bool {
	if len(data) < 12 {
		return false
	}
	size := binary.LittleEndian.Uint32(data[4:8])
	return uint64(size)+8 <= uint64(len(data))
}
