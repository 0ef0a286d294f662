// Package mediatest makes real encoded images for tests of code that takes
// uploads.
package mediatest

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
)

// PNG returns a w×h PNG image.
func PNG(w, h int) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, gradient(w, h)); err != nil {
		panic("mediatest: encode PNG: " + err.Error()) // only for impossible sizes
	}
	return b.Bytes()
}

// JPEG returns a w×h JPEG image.
func JPEG(w, h int) []byte {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, gradient(w, h), &jpeg.Options{Quality: 85}); err != nil {
		panic("mediatest: encode JPEG: " + err.Error())
	}
	return b.Bytes()
}

// gradient is an image with some variety, so encoders produce ordinary
// output rather than a degenerate single-colour file.
func gradient(w, h int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{R: uint8(x * 255 / max(w, 1)), G: uint8(y * 255 / max(h, 1)), B: 160, A: 255})
		}
	}
	return img
}
