// Command users is the Lambda serving /api/user/*.
package main

import (
	"turnout/pkg/app"
	"turnout/pkg/lambdamain"
)

func main() { lambdamain.Main(app.UsersFunction()) }
