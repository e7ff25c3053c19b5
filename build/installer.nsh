; Merchant Desk's additions to electron-builder's NSIS uninstaller (electron-builder.yml: nsis.include).
; On a manual uninstall (not an update, not a silent run) the uninstaller asks whether to delete the data directory
; too — order caches, settings, the encrypted key files and logs — answered "No" unless the person says "Yes".
; A silent uninstall keeps it, unless run with --delete-app-data (electron-builder's own option).
; The keychain entries (Windows Credential Manager, "Merchant Desk/<profile>:token" and
; "Merchant Desk/<profile>:key-passphrase") are not touched here: README "Uninstall cleanly" says how.

!macro customUnInstall
  ${ifNot} ${isUpdated}
    ${ifNot} ${Silent}
      MessageBox MB_YESNO|MB_ICONQUESTION|MB_DEFBUTTON2 "Also delete your Merchant Desk data in $APPDATA\${PRODUCT_NAME}?$\r$\n$\r$\nIt holds your order caches, settings, encrypted keys and logs. Choose No to keep it for a later install." /SD IDNO IDNO merchantDeskKeepData
        SetShellVarContext current
        RMDir /r "$APPDATA\${PRODUCT_NAME}"
      merchantDeskKeepData:
    ${endIf}
  ${endIf}
!macroend
