package ses

import (
	"io"
	"time"
)

// CountFailuresTo points s's metric lines at w with the clock now.
func CountFailuresTo(s *Sender, w io.Writer, now func() time.Time) {
	s.metrics, s.now = w, now
}
