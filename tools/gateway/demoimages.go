package main

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math"
)

// The demo data's banners and logos are drawn here, so `make dev` looks like
// a product on its first run without images of unknown origin: each is a
// diagonal gradient in two colours of its own with soft circles over it
// (banners, JPEG) or a ringed badge (logos, PNG with transparency).

// demoPalette is one image's two colours.
type demoPalette struct{ from, to color.RGBA }

var demoPalettes = []demoPalette{
	{color.RGBA{67, 56, 202, 255}, color.RGBA{219, 39, 119, 255}},
	{color.RGBA{13, 148, 136, 255}, color.RGBA{37, 99, 235, 255}},
	{color.RGBA{234, 88, 12, 255}, color.RGBA{190, 24, 93, 255}},
	{color.RGBA{22, 163, 74, 255}, color.RGBA{8, 145, 178, 255}},
	{color.RGBA{124, 58, 237, 255}, color.RGBA{79, 70, 229, 255}},
	{color.RGBA{202, 138, 4, 255}, color.RGBA{220, 38, 38, 255}},
}

// Sizes: a 5:2 banner (as the event page shows it) and a square logo.
const (
	bannerWidth, bannerHeight = 1200, 480
	logoSize                  = 256
)

func mix(a, b color.RGBA, t float64) color.RGBA {
	lerp := func(x, y uint8) uint8 { return uint8(float64(x) + (float64(y)-float64(x))*t) }
	return color.RGBA{lerp(a.R, b.R), lerp(a.G, b.G), lerp(a.B, b.B), 255}
}

// lighten blends c towards white by t.
func lighten(c color.RGBA, t float64) color.RGBA { return mix(c, color.RGBA{255, 255, 255, 255}, t) }

// demoBanner draws banner n: the gradient with three soft circles placed
// by n, so no two demo events look alike.
func demoBanner(n int) []byte {
	p := demoPalettes[n%len(demoPalettes)]
	img := image.NewRGBA(image.Rect(0, 0, bannerWidth, bannerHeight))
	type circle struct{ x, y, r float64 }
	circles := make([]circle, 3)
	for i := range circles {
		a := float64(n*7+i*5) * 0.9
		circles[i] = circle{
			x: bannerWidth * (0.2 + 0.6*(0.5+0.5*math.Sin(a))),
			y: bannerHeight * (0.5 + 0.45*math.Cos(a*1.3)),
			r: bannerHeight * (0.25 + 0.1*float64(i)),
		}
	}
	for y := range bannerHeight {
		for x := range bannerWidth {
			c := mix(p.from, p.to, (float64(x)/bannerWidth+float64(y)/bannerHeight)/2)
			for _, ci := range circles {
				if d := math.Hypot(float64(x)-ci.x, float64(y)-ci.y); d < ci.r {
					c = lighten(c, 0.12*(1-d/ci.r))
				}
			}
			img.SetRGBA(x, y, c)
		}
	}
	// A photo-like banner: JPEG weighs a fifth of the PNG (about 15 KB).
	var buf bytes.Buffer
	_ = jpeg.Encode(&buf, img, &jpeg.Options{Quality: 80})
	return buf.Bytes()
}

// demoLogo draws logo n: a gradient disk with a light ring, on transparency.
func demoLogo(n int) []byte {
	p := demoPalettes[(n+3)%len(demoPalettes)]
	img := image.NewRGBA(image.Rect(0, 0, logoSize, logoSize))
	centre, radius := float64(logoSize)/2, float64(logoSize)/2-2
	for y := range logoSize {
		for x := range logoSize {
			d := math.Hypot(float64(x)+0.5-centre, float64(y)+0.5-centre)
			if d > radius {
				continue
			}
			c := mix(p.from, p.to, float64(y)/logoSize)
			if d > radius*0.62 && d < radius*0.72 {
				c = lighten(c, 0.7)
			}
			img.SetRGBA(x, y, c)
		}
	}
	return encodePNG(img)
}

func encodePNG(img image.Image) []byte {
	var buf bytes.Buffer
	// Encoding an in-memory image to a buffer cannot fail.
	_ = png.Encode(&buf, img)
	return buf.Bytes()
}
