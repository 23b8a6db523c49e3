package public

import (
	"strconv"

	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/stats"
)

// Repeats are the results over several runs or episodes, by number and
// alias: the episodes' and runs' names are private labels.
type Repeats struct {
	// Runs holds the number of runs of each episode, episode 1 first.
	Runs []int
	// Cells are each writer's sections over their runs, by episode.
	Cells []RepeatCell
	// Writers are each writer's pass rates over runs, per episode and,
	// with several episodes, pooled (Episode 0).
	Writers []RepeatWriter
	// Run and Overlap split C5's measures into sections, writers, their
	// interaction and run to run; SplitOK is false when the runs do not
	// make a balanced grid, and SplitWhy says why.
	Run, Overlap stats.Replicated
	SplitOK      bool
	SplitWhy     string
}

// RepeatCell is one writer's section in one episode over its runs.
type RepeatCell struct {
	Episode         int // 1-based
	Writer, Section string
	HasExample      bool
	Run, Overlap    stats.Summary
	// Shares count per criterion (and judge) the runs that fail.
	Shares criteria.Tallies
}

// RepeatWriter is one writer's pass rates over the runs of one episode, or
// of every episode (Episode 0).
type RepeatWriter struct {
	Writer  string
	Episode int
	Rates   []PassRate
}

// PassRate is the mean over runs of the share of a writer's scored
// sections that pass a criterion, with Student's t interval at 95%.
type PassRate struct {
	Key criteria.Key
	stats.Interval
}

// Episodes returns the number of episodes.
func (r *Repeats) Episodes() int { return len(r.Runs) }

// Label names an episode and a run as pages show them: "episode 2, run 3",
// leaving out what does not vary ("run 3" with one episode).
func (r *Repeats) Label(episode, run int) string {
	var s string
	if len(r.Runs) > 1 {
		s = "episode " + strconv.Itoa(episode)
	}
	if episode >= 1 && episode <= len(r.Runs) && r.Runs[episode-1] > 1 {
		if s != "" {
			s += ", "
		}
		s += "run " + strconv.Itoa(run)
	}
	return s
}

// WriterMeasures are a writer's C5 measures over its sections with an
// example, as minimum, median and maximum.
type WriterMeasures struct {
	Writer       string
	Run, Overlap stats.Summary
}
