package media_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"os"
	"path/filepath"
	"testing"

	"turnout/pkg/media"
	"turnout/pkg/media/mediatest"
)

func TestDetectImageAccepts(t *testing.T) {
	for _, tc := range []struct {
		name          string
		data          []byte
		wantType, ext string
	}{
		{"testdata jpeg", mustRead(t, "tiny.jpg"), "image/jpeg", ".jpg"},
		{"testdata png", mustRead(t, "tiny.png"), "image/png", ".png"},
		{"testdata gif", mustRead(t, "tiny.gif"), "image/gif", ".gif"},
		{"testdata webp", mustRead(t, "tiny.webp"), "image/webp", ".webp"},
		{"mediatest png", mediatest.PNG(40, 30), "image/png", ".png"},
		{"mediatest jpeg", mediatest.JPEG(40, 30), "image/jpeg", ".jpg"},
		{"jpeg with bytes after the end marker", append(mediatest.JPEG(8, 8), "trailer"...), "image/jpeg", ".jpg"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gotType, gotExt, err := media.DetectImage(tc.data)
			if err != nil {
				t.Fatalf("DetectImage: %v", err)
			}
			if gotType != tc.wantType || gotExt != tc.ext {
				t.Errorf("DetectImage = %q, %q; want %q, %q", gotType, gotExt, tc.wantType, tc.ext)
			}
		})
	}
}

func TestDetectImageRefuses(t *testing.T) {
	png := mustRead(t, "tiny.png")
	jpg := mediatest.JPEG(64, 64)
	gif := mustRead(t, "tiny.gif")
	webp := mustRead(t, "tiny.webp")
	for _, tc := range []struct {
		name string
		data []byte
		want error
	}{
		{"empty", nil, media.ErrNotImage},
		{"text", []byte("just some words, not a picture"), media.ErrNotImage},
		{"html", []byte("<!DOCTYPE html><html><body><script>alert(1)</script></body></html>"), media.ErrNotImage},
		{"svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`), media.ErrNotImage},
		{"text named .png", mustRead(t, "not-really.png"), media.ErrNotImage},
		{"bmp", append([]byte("BM"), make([]byte, 64)...), media.ErrNotImage},
		{"png signature then junk", append(png[:8:8], "junk junk junk junk junk"...), media.ErrNotImage},
		{"png cut in the header", png[:20], media.ErrNotImage},
		{"png cut before its end", png[:len(png)-12], media.ErrNotImage},
		{"jpeg cut before its end", jpg[:len(jpg)/2], media.ErrNotImage},
		{"gif cut before its end", gif[:len(gif)-1], media.ErrNotImage},
		{"webp cut before its end", webp[:len(webp)-4], media.ErrNotImage},
		{"webp header only", []byte("RIFF\x18\x00\x00\x00WEBPVP8L"), media.ErrNotImage},
		{"png claiming gigapixels", hugePNG(100000, 100000), media.ErrTooLarge},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ct, ext, err := media.DetectImage(tc.data)
			if !errors.Is(err, tc.want) {
				t.Fatalf("DetectImage = %q, %q, %v; want %v", ct, ext, err, tc.want)
			}
			if ct != "" || ext != "" {
				t.Errorf("DetectImage returned %q, %q with an error", ct, ext)
			}
		})
	}
}

func mustRead(tb testing.TB, name string) []byte {
	tb.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// hugePNG is a well-formed PNG header that declares w×h pixels, followed by
// an IEND chunk: enough for DecodeConfig and the completeness check.
func hugePNG(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		_ = binary.Write(&b, binary.BigEndian, uint32(len(data)))
		body := append([]byte(typ), data...)
		b.Write(body)
		_ = binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(body))
	}
	ihdr := binary.BigEndian.AppendUint32(nil, w)
	ihdr = binary.BigEndian.AppendUint32(ihdr, h)
	ihdr = append(ihdr, 8, 6, 0, 0, 0) // 8-bit RGBA, no interlace
	chunk("IHDR", ihdr)
	chunk("IEND", nil)
	return b.Bytes()
}
