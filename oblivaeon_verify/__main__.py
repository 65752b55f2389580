try:
    from oblivaeon_verify.cli import main
except KeyboardInterrupt:  # Ctrl-C while Python was still loading the command line
    import sys

    print("oblivaeon-verify: interrupted", file=sys.stderr)
    raise SystemExit(130) from None

raise SystemExit(main())
