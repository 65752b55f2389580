CLAR.X: every card is a cardevery card is a villian card
