package e2e

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// markerVar is set in the environment of every process the test starts. All
// their descendants inherit it, also those that leave the process group (the
// kernels Jupyter starts in a session of their own), so the test can find
// leftovers by it.
const markerVar = "MARGINNOTES_E2E_MARKER"

// newMarker returns a value for markerVar that is unique to one process tree.
func newMarker(what string) string {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic("e2e: " + err.Error())
	}
	return what + "-" + hex.EncodeToString(b[:])
}

// markedProcesses returns the pids of the processes whose environment has
// markerVar=marker.
func markedProcesses(marker string) []int {
	want := []byte(markerVar + "=" + marker)
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	self := os.Getpid()
	var pids []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == self {
			continue
		}
		env, err := os.ReadFile("/proc/" + e.Name() + "/environ")
		if err != nil {
			continue
		}
		for v := range bytes.SplitSeq(env, []byte{0}) {
			if bytes.Equal(v, want) {
				if !isZombie(pid) {
					pids = append(pids, pid)
				}
				break
			}
		}
	}
	return pids
}

// isZombie reports whether pid has exited and waits for its parent to reap it.
func isZombie(pid int) bool {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true
	}
	// The state follows the command name, which is in parentheses and can
	// hold spaces.
	i := bytes.LastIndexByte(stat, ')')
	return i < 0 || i+2 >= len(stat) || stat[i+2] == 'Z'
}

// describe returns "pid cmdline" for each pid, for error messages.
func describe(pids []int) string {
	var parts []string
	for _, pid := range pids {
		cmd, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
		s := strings.TrimSpace(strings.ReplaceAll(string(cmd), "\x00", " "))
		if len(s) > 160 {
			s = s[:160] + "…"
		}
		parts = append(parts, fmt.Sprintf("%d %s", pid, s))
	}
	return strings.Join(parts, "; ")
}

// stopGroup sends SIGTERM to the process group pgid, waits up to grace for
// exited to close, and then sends SIGKILL to the group.
func stopGroup(pgid int, exited <-chan struct{}, grace time.Duration) (killed bool) {
	if err := syscall.Kill(-pgid, syscall.SIGTERM); errors.Is(err, syscall.ESRCH) {
		return false
	}
	select {
	case <-exited:
	case <-time.After(grace):
		killed = true
	}
	// Members of the group can outlive its leader.
	syscall.Kill(-pgid, syscall.SIGKILL)
	return killed
}

// reapMarked waits up to grace for the processes marked with marker to exit
// by themselves, then kills those left and returns what they were.
func reapMarked(marker string, grace time.Duration) (leftovers string) {
	deadline := time.Now().Add(grace)
	for {
		pids := markedProcesses(marker)
		if len(pids) == 0 {
			return leftovers
		}
		if time.Now().After(deadline) {
			if leftovers == "" {
				leftovers = describe(pids)
			}
			for _, pid := range pids {
				syscall.Kill(pid, syscall.SIGKILL)
			}
			if time.Now().After(deadline.Add(5 * time.Second)) {
				return leftovers
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
}
