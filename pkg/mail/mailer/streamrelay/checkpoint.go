package streamrelay

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// checkpoints are how far each mapping has read each shard: the sequence
// number of the last record handled ("" for a shard to read from its
// start), kept in a file per stream in a folder, so that a relay started
// again resumes where the last one stopped. Without a folder they are kept
// in memory only.
type checkpoints struct {
	file string // "" keeps nothing
	mu   sync.Mutex
	// byMapping[mapping][shard] is the last sequence number handled.
	byMapping map[string]map[string]string
}

// loadCheckpoints reads the checkpoints of the stream arn kept in dir.
func loadCheckpoints(dir, arn string) (*checkpoints, error) {
	c := &checkpoints{byMapping: map[string]map[string]string{}}
	if dir == "" {
		return c, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("local mail relay: checkpoints: %w", err)
	}
	// One file per stream: a table made again has a new stream, whose
	// shards the old checkpoints do not name.
	c.file = filepath.Join(dir, strings.NewReplacer(":", "_", "/", "_").Replace(arn)+".json")
	b, err := os.ReadFile(c.file)
	if errors.Is(err, fs.ErrNotExist) {
		return c, nil
	}
	if err == nil {
		err = json.Unmarshal(b, &c.byMapping)
	}
	if err != nil {
		return nil, fmt.Errorf("local mail relay: read checkpoints %s: %w", c.file, err)
	}
	return c, nil
}

// of returns a copy of mapping's checkpoints.
func (c *checkpoints) of(mapping string) map[string]string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return maps.Clone(c.byMapping[mapping])
}

// set records that mapping handled shard up to seq.
func (c *checkpoints) set(mapping, shard, seq string) {
	c.update(func() {
		if c.byMapping[mapping] == nil {
			c.byMapping[mapping] = map[string]string{}
		}
		c.byMapping[mapping][shard] = seq
	})
}

// drop forgets a shard mapping has read to its end.
func (c *checkpoints) drop(mapping, shard string) {
	c.update(func() { delete(c.byMapping[mapping], shard) })
}

// update changes the checkpoints and writes them: to a new file first,
// then renamed over the old, so a crash leaves one or the other whole.
func (c *checkpoints) update(change func()) {
	c.mu.Lock()
	defer c.mu.Unlock()
	change()
	if c.file == "" {
		return
	}
	b, err := json.Marshal(c.byMapping)
	if err == nil {
		err = os.WriteFile(c.file+".new", b, 0o644)
	}
	if err == nil {
		err = os.Rename(c.file+".new", c.file)
	}
	if err != nil {
		// The relay goes on; a restart would resume from an older place,
		// and the mail claims keep that from sending anything twice.
		slog.Error("local mail relay: write checkpoints", "err", err)
	}
}
