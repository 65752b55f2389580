every breach is opened or closedevery breach is opend
