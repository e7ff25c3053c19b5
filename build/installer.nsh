; Merchant Desk's additions to electron-builder's NSIS installer (electron-builder.yml: nsis.include).
;
; 1. merchantdesk:// links. electron-builder's `protocols` option reaches macOS (Info.plist) but not NSIS, so the
;    installer registers the scheme for this user (HKCU\Software\Classes\merchantdesk → the installed exe "%1"),
;    and the uninstaller removes it (not on an update, which installs it again). src/main/deepLink.ts validates
;    every link the app receives.
; 2. The data directory. On a manual uninstall (not an update, not a silent run) the uninstaller asks whether to
;    delete it too — order caches, settings, the encrypted key files, logs — answered "No" unless the person says
;    "Yes". A silent uninstall keeps it, unless run with --delete-app-data (electron-builder's own option).
;    The keychain entries (Windows Credential Manager: "Merchant Desk/<profile>:token" and
;    "Merchant Desk/<profile>:key-passphrase") are not touched: README "Uninstall cleanly" says how.

!define MERCHANT_DESK_SCHEME_KEY "Software\Classes\merchantdesk"

!macro customInstall
  WriteRegStr HKCU "${MERCHANT_DESK_SCHEME_KEY}" "" "URL:Merchant Desk order link"
  WriteRegStr HKCU "${MERCHANT_DESK_SCHEME_KEY}" "URL Protocol" ""
  WriteRegStr HKCU "${MERCHANT_DESK_SCHEME_KEY}\DefaultIcon" "" "$INSTDIR\${APP_EXECUTABLE_FILENAME},0"
  WriteRegStr HKCU "${MERCHANT_DESK_SCHEME_KEY}\shell\open\command" "" '"$INSTDIR\${APP_EXECUTABLE_FILENAME}" "%1"'
!macroend

!macro customUnInstall
  ${ifNot} ${isUpdated}
    DeleteRegKey HKCU "${MERCHANT_DESK_SCHEME_KEY}"
    ${ifNot} ${Silent}
      MessageBox MB_YESNO|MB_ICONQUESTION|MB_DEFBUTTON2 "Also delete your Merchant Desk data in $APPDATA\${PRODUCT_NAME}?$\r$\n$\r$\nIt holds your order caches, settings, encrypted keys and logs. Choose No to keep it for a later install." /SD IDNO IDNO merchantDeskKeepData
        SetShellVarContext current
        RMDir /r "$APPDATA\${PRODUCT_NAME}"
      merchantDeskKeepData:
    ${endIf}
  ${endIf}
!macroend
