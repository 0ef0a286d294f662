// Command organizations is the Lambda serving /api/organization/*.
package main

import (
	"turnout/pkg/app/accountsapp"
	"turnout/pkg/lambdamain"
)

func main() { lambdamain.Main(accountsapp.OrganizationsFunction()) }
