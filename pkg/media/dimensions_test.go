package media

import (
	"bytes"
	"image"
	"image/color"
	"image/color/palette"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/image/webp"
)

// decoders are the standard ones the header readers stand in for; tests
// only, so no deployed function links them.
var decoders = map[string]func(io.Reader) (image.Config, error){
	"image/png":  png.DecodeConfig,
	"image/gif":  gif.DecodeConfig,
	"image/jpeg": jpeg.DecodeConfig,
	"image/webp": webp.DecodeConfig,
}

// TestHeaderSizesMatchTheDecoders: for images of every kind the encoders
// make, and the sample files, each reader answers the decoder's dimensions.
func TestHeaderSizesMatchTheDecoders(t *testing.T) {
	samples := map[string][]byte{}
	for _, size := range []image.Point{{1, 1}, {40, 30}, {300, 7}, {1025, 513}} {
		r := image.Rect(0, 0, size.X, size.Y)
		for name, m := range map[string]image.Image{
			"rgba": image.NewRGBA(r), "gray": image.NewGray(r), "gray16": image.NewGray16(r),
			"paletted": image.NewPaletted(r, palette.Plan9), "nrgba64": image.NewNRGBA64(r),
		} {
			var b bytes.Buffer
			must(t, png.Encode(&b, m))
			samples["png "+name+" "+size.String()] = b.Bytes()
		}
		for name, m := range map[string]image.Image{"rgba": image.NewRGBA(r), "gray": image.NewGray(r), "cmyk": image.NewCMYK(r)} {
			var b bytes.Buffer
			must(t, jpeg.Encode(&b, m, nil))
			samples["jpeg "+name+" "+size.String()] = b.Bytes()
		}
		var b bytes.Buffer
		must(t, gif.Encode(&b, image.NewPaletted(r, []color.Color{color.Black, color.White}), nil))
		samples["gif "+size.String()] = b.Bytes()
	}
	for _, name := range []string{"tiny.jpg", "tiny.png", "tiny.gif", "tiny.webp"} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		must(t, err)
		samples[name] = b
	}
	for name, data := range samples {
		kind := detectKind(data)
		cfg, err := decoders[kind](bytes.NewReader(data))
		must(t, err)
		w, h, err := formats[kind].size(data)
		if err != nil || w != cfg.Width || h != cfg.Height {
			t.Errorf("%s (%s): reader says %dx%d, %v; decoder %dx%d", name, kind, w, h, err, cfg.Width, cfg.Height)
		}
	}
}

// FuzzImageSize: whatever the bytes, a header the standard decoder reads
// is read alike, so no image accepted before is refused now. The readers
// may accept headers the decoders refuse for tables past the dimensions
// (a JPEG's quantisation tables), which browsers judge when they draw.
func FuzzImageSize(f *testing.F) {
	for _, name := range []string{"tiny.jpg", "tiny.png", "tiny.gif", "tiny.webp"} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		kind := detectKind(data)
		decode, ok := decoders[kind]
		if !ok {
			return
		}
		w, h, err := formats[kind].size(data)
		cfg, derr := decode(bytes.NewReader(data))
		// DetectImage refuses an empty image whatever its header says.
		if derr == nil && cfg.Width > 0 && cfg.Height > 0 && (err != nil || w != cfg.Width || h != cfg.Height) {
			t.Fatalf("%s: reader says %dx%d, %v; decoder %dx%d", kind, w, h, err, cfg.Width, cfg.Height)
		}
	})
}

// detectKind is the content type DetectImage chooses a reader by.
func detectKind(data []byte) string {
	return http.DetectContentType(data)
}

func must(tb testing.TB, err error) {
	tb.Helper()
	if err != nil {
		tb.Fatal(err)
	}
}
