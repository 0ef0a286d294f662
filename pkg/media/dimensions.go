package media

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
)

// The readers below take an image's dimensions from its header, as the
// standard decoders' DecodeConfig do, without linking the decoders: the
// image packages register their whole decoders when imported, which cost
// every function that takes an image some 70 KB of its zip (a test holds
// these readers to the decoders' answers).

var errBadHeader = errors.New("bad header")

// pngSize reads the IHDR chunk that must follow the signature.
func pngSize(data []byte) (w, h int, err error) {
	const ihdrEnd = 8 + 8 + 13 + 4 // signature, length and type, IHDR, CRC
	if len(data) < ihdrEnd || !bytes.Equal(data[8:16], []byte("\x00\x00\x00\x0dIHDR")) {
		return 0, 0, errBadHeader
	}
	ihdr := data[16:29]
	if crc32.ChecksumIEEE(data[12:29]) != binary.BigEndian.Uint32(data[29:33]) {
		return 0, 0, errBadHeader
	}
	depth, colour := ihdr[8], ihdr[9]
	if !pngDepthFits(colour, depth) || ihdr[10] != 0 || ihdr[11] != 0 || ihdr[12] > 1 {
		return 0, 0, errBadHeader
	}
	return positive31(binary.BigEndian.Uint32(ihdr[0:4]), binary.BigEndian.Uint32(ihdr[4:8]))
}

// pngDepthFits reports whether a PNG colour type allows that bit depth.
func pngDepthFits(colour, depth byte) bool {
	switch colour {
	case 0: // grey
		return depth == 1 || depth == 2 || depth == 4 || depth == 8 || depth == 16
	case 3: // palette
		return depth == 1 || depth == 2 || depth == 4 || depth == 8
	case 2, 4, 6: // RGB, grey with alpha, RGBA
		return depth == 8 || depth == 16
	}
	return false
}

// gifSize reads the logical screen descriptor after the "GIF8?a" header.
func gifSize(data []byte) (w, h int, err error) {
	if len(data) < 13 {
		return 0, 0, errBadHeader
	}
	return int(binary.LittleEndian.Uint16(data[6:8])), int(binary.LittleEndian.Uint16(data[8:10])), nil
}

// jpegSize walks the markers after SOI to the first frame header (the
// baseline, extended or progressive ones that browsers and Go decode),
// skipping stray bytes between segments as libjpeg and Go's decoder do.
func jpegSize(data []byte) (w, h int, err error) {
	if len(data) < 4 || data[0] != 0xFF || data[1] != 0xD8 {
		return 0, 0, errBadHeader
	}
	for i := 2; ; {
		for i < len(data) && data[i] != 0xFF {
			i++ // stray bytes
		}
		for i < len(data) && data[i] == 0xFF {
			i++ // fill bytes before a marker
		}
		if i >= len(data) {
			return 0, 0, errBadHeader
		}
		marker := data[i]
		i++
		if marker == 0x00 || (marker >= 0xD0 && marker <= 0xD7) {
			continue // an escaped 0xFF or a restart: no segment follows
		}
		if marker == 0xD9 || marker == 0xDA || i+2 > len(data) {
			return 0, 0, errBadHeader // the end or a scan before any frame
		}
		length := int(binary.BigEndian.Uint16(data[i : i+2]))
		if length < 2 || i+length > len(data) {
			return 0, 0, errBadHeader
		}
		segment := data[i+2 : i+length]
		switch {
		case marker == 0xC0 || marker == 0xC1 || marker == 0xC2:
			return jpegFrameSize(segment)
		case marker == 0xC4 || marker == 0xDB || marker == 0xDD || marker == 0xFE || (marker >= 0xE0 && marker <= 0xEF):
			// tables, restart interval, comments, application data
		default:
			return 0, 0, errBadHeader // a coding nobody decodes, or no marker at all
		}
		i += length
	}
}

// jpegFrameSize reads a frame header: 8-bit samples, 1, 3 or 4 components.
func jpegFrameSize(sof []byte) (w, h int, err error) {
	if len(sof) < 6 || sof[0] != 8 {
		return 0, 0, errBadHeader
	}
	components := int(sof[5])
	if (components != 1 && components != 3 && components != 4) || len(sof) != 6+3*components {
		return 0, 0, errBadHeader
	}
	return int(binary.BigEndian.Uint16(sof[3:5])), int(binary.BigEndian.Uint16(sof[1:3])), nil
}

// webpSize reads the chunks of a RIFF WEBP file up to the first image:
// a lossy (VP8) or lossless (VP8L) one, or an extended file's canvas
// (VP8X). Other chunks before it are skipped.
func webpSize(data []byte) (w, h int, err error) {
	if len(data) < 12 || string(data[0:4]) != "RIFF" || string(data[8:12]) != "WEBP" {
		return 0, 0, errBadHeader
	}
	for off := 12; off+8 <= len(data); {
		id, size := string(data[off:off+4]), uint64(binary.LittleEndian.Uint32(data[off+4:off+8]))
		chunk := data[off+8:]
		if size < uint64(len(chunk)) {
			chunk = chunk[:size]
		}
		switch id {
		case "VP8 ":
			return vp8Size(chunk)
		case "VP8L":
			return vp8lSize(chunk)
		case "VP8X":
			return vp8xSize(chunk, size)
		case "ALPH":
			return 0, 0, errBadHeader // alpha comes only after a canvas
		}
		off += 8 + int(size+size&1) // chunks are padded to an even length
	}
	return 0, 0, errBadHeader
}

// vp8Size reads a key frame's tag, its start code and 14-bit dimensions.
func vp8Size(chunk []byte) (w, h int, err error) {
	if len(chunk) < 10 || chunk[0]&1 != 0 || !bytes.Equal(chunk[3:6], []byte{0x9D, 0x01, 0x2A}) {
		return 0, 0, errBadHeader
	}
	return int(binary.LittleEndian.Uint16(chunk[6:8]) & 0x3FFF), int(binary.LittleEndian.Uint16(chunk[8:10]) & 0x3FFF), nil
}

// vp8lSize reads the signature, width-1 and height-1 in 14 bits each, an
// alpha bit and a 3-bit version that must be 0.
func vp8lSize(chunk []byte) (w, h int, err error) {
	if len(chunk) < 5 || chunk[0] != 0x2F {
		return 0, 0, errBadHeader
	}
	bits := binary.LittleEndian.Uint32(chunk[1:5])
	if bits>>29 != 0 {
		return 0, 0, errBadHeader
	}
	return int(bits&0x3FFF) + 1, int(bits>>14&0x3FFF) + 1, nil
}

// vp8xSize reads the flags, 3 reserved bytes, then the canvas's width-1
// and height-1 in 24 bits each.
func vp8xSize(chunk []byte, size uint64) (w, h int, err error) {
	if size != 10 || len(chunk) < 10 {
		return 0, 0, errBadHeader
	}
	cw := uint64(chunk[4]) | uint64(chunk[5])<<8 | uint64(chunk[6])<<16
	ch := uint64(chunk[7]) | uint64(chunk[8])<<8 | uint64(chunk[9])<<16
	if (cw+1)*(ch+1) > 1<<31-1 {
		return 0, 0, errBadHeader
	}
	return int(cw) + 1, int(ch) + 1, nil
}

// positive31 turns two uint32 dimensions into ints, refusing any that do
// not fit in 31 bits, as PNG requires.
func positive31(w, h uint32) (int, int, error) {
	if w > 1<<31-1 || h > 1<<31-1 {
		return 0, 0, errBadHeader
	}
	return int(w), int(h), nil
}
