from oblivaeon_verify.cli import main

raise SystemExit(main())
