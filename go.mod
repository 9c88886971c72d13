module gameagents

go 1.26.0

require (
	github.com/google/go-cmp v0.7.0
	golang.org/x/image v0.47.0
	golang.org/x/sys v0.49.0
)

require golang.org/x/text v0.43.0 // indirect
