// Command events is the Lambda serving /api/event/*.
package main

import (
	"turnout/pkg/app/eventsapp"
	"turnout/pkg/lambdamain"
)

func main() { lambdamain.Main(eventsapp.Function()) }
