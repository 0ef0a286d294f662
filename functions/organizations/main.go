// Command organizations is the Lambda serving /api/organization/*.
package main

import (
	"turnout/pkg/app"
	"turnout/pkg/lambdamain"
)

func main() { lambdamain.Main(app.OrganizationsFunction()) }
