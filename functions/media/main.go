// Command media is the Lambda serving /api/media/* (presigned uploads).
package main

import (
	"turnout/pkg/app/mediaapp"
	"turnout/pkg/lambdamain"
)

func main() { lambdamain.Main(mediaapp.Function()) }
