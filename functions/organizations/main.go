// Command organizations is the Lambda serving /api/organization/*.
package main

import (
	"turnout/pkg/app/organizationsapp"
	"turnout/pkg/lambdamain"
)

func main() { lambdamain.Main(organizationsapp.Function()) }
