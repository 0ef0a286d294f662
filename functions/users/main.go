// Command users is the Lambda serving /api/user/*.
package main

import (
	"turnout/pkg/app/accountsapp"
	"turnout/pkg/lambdamain"
)

func main() { lambdamain.Main(accountsapp.UsersFunction()) }
