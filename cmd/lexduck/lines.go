package main

import (
	"bufio"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/peterh/liner"
)

// ErrInterrupted is returned by ReadLine when the user presses Ctrl-C.
var ErrInterrupted = errors.New("interrupted")

// LineReader is where the shell's input comes from: a terminal line editor,
// or a script (a pipe, -f FILE, or a test's strings).
type LineReader interface {
	// ReadLine returns the next line without its newline, io.EOF at the
	// end, or ErrInterrupted for Ctrl-C.
	ReadLine(prompt string) (string, error)
	// AddHistory records one complete statement or dot command.
	AddHistory(entry string)
	Close() error
}

// scriptReader reads lines from a script; it shows no prompt and keeps no history.
type scriptReader struct{ sc *bufio.Scanner }

func newScriptReader(r io.Reader) *scriptReader {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 256<<20)
	return &scriptReader{sc: sc}
}

func (s *scriptReader) ReadLine(string) (string, error) {
	if s.sc.Scan() {
		return strings.TrimSuffix(s.sc.Text(), "\r"), nil
	}
	if err := s.sc.Err(); err != nil {
		return "", err
	}
	return "", io.EOF
}

func (s *scriptReader) AddHistory(string) {}
func (s *scriptReader) Close() error      { return nil }

// termReader is the interactive line editor, with history in
// ~/.lexduck_history (one entry per statement) and Tab completion.
type termReader struct {
	st      *liner.State
	history string
}

func newTermReader(complete liner.WordCompleter) *termReader {
	st := liner.NewLiner()
	st.SetCtrlCAborts(true)
	st.SetMultiLineMode(true)
	st.SetTabCompletionStyle(liner.TabPrints)
	st.SetWordCompleter(complete)
	t := &termReader{st: st}
	if home, err := os.UserHomeDir(); err == nil {
		t.history = filepath.Join(home, ".lexduck_history")
		if f, err := os.Open(t.history); err == nil {
			st.ReadHistory(f)
			f.Close()
		}
	}
	return t
}

func (t *termReader) ReadLine(prompt string) (string, error) {
	line, err := t.st.Prompt(prompt)
	if errors.Is(err, liner.ErrPromptAborted) {
		return "", ErrInterrupted
	}
	return line, err
}

func (t *termReader) AddHistory(entry string) {
	t.st.AppendHistory(strings.Join(strings.Fields(entry), " "))
}

func (t *termReader) Close() error {
	if t.history != "" {
		if f, err := os.Create(t.history); err == nil {
			t.st.WriteHistory(f)
			f.Close()
		}
	}
	return t.st.Close()
}
