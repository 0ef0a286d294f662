// Command events is the Lambda serving /api/event/*.
package main

import (
	"turnout/pkg/app"
	"turnout/pkg/lambdamain"
)

func main() { lambdamain.Main(app.EventsFunction()) }
