// Command users is the Lambda serving /api/user/*.
package main

import (
	"turnout/pkg/app/usersapp"
	"turnout/pkg/lambdamain"
)

func main() { lambdamain.Main(usersapp.Function()) }
