#include "dataguard.h"

#include "error.h"
#include "mainwindow.h"
#include "store.h"

#include <QDialog>
#include <QDialogButtonBox>
#include <QEventLoop>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QStatusBar>
#include <QStyle>
#include <QTableWidget>
#include <QThread>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

namespace sense7 {

DataSetGuard::DataSetGuard(MainWindow *window)
    : QObject(window)
    , m_window(window)
    , m_banner(new QToolBar(tr("Damage"), window))
    , m_bannerText(new QLabel(m_banner))
{
    m_banner->setObjectName(QStringLiteral("damageBanner"));
    m_banner->setMovable(false);
    m_banner->setFloatable(false);
    m_banner->toggleViewAction()->setVisible(false);
    auto *icon = new QLabel(m_banner);
    icon->setPixmap(
        window->style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(QSize(32, 32)));
    icon->setContentsMargins(6, 6, 6, 6);
    m_banner->addWidget(icon);
    m_bannerText->setObjectName(QStringLiteral("damageMessage"));
    m_bannerText->setWordWrap(true);
    m_bannerText->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_bannerText->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_bannerText->setContentsMargins(4, 6, 4, 6);
    m_banner->addWidget(m_bannerText);
    m_banner->addAction(tr("Restore backup…"), this, &DataSetGuard::restoreInteractively);
    m_bannerText->setMinimumWidth(560);
    m_banner->hide();

    // While a data set stays open for days, it is still backed up every few hours.
    auto *timer = new QTimer(this);
    timer->setInterval(60 * 60 * 1000);
    connect(timer, &QTimer::timeout, this, [this] {
        Store *store = m_window->store();
        if (store && !store->isReadOnly() && integrity::backupDue(store->path(), backupHours))
            startBackup();
    });
    timer->start();
}

DataSetGuard::~DataSetGuard()
{
    stopBackup();
}

std::unique_ptr<Store> DataSetGuard::open(const QString &path)
{
    const QFileInfo info(path);
    const bool writable =
        info.isFile() && info.isWritable() && QFileInfo(info.absolutePath()).isWritable();
    if (!writable) // it opens read-only anyway: nothing will be written to protect
        return Store::open(path);
    if (path == m_path)
        stopBackup(); // the file is about to be replaced or opened again

    // quick_check reads every page: about 0.1 s for 200 MB in the page cache, seconds for a
    // large file read cold from a slow disk. The window stays responsive meanwhile. A file
    // unchanged since it was last known undamaged is not read again (integrity::checkOnOpen).
    auto report = std::make_shared<integrity::Report>();
    QThread *thread = QThread::create([path, report] { *report = integrity::checkOnOpen(path); });
    QProgressDialog progress(tr("Checking %1 for damage…").arg(info.fileName()), QString(), 0, 0,
                             m_window);
    progress.setObjectName(QStringLiteral("damageCheckProgress"));
    progress.setWindowTitle(tr("Opening %1").arg(info.fileName()));
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(500);
    progress.setCancelButton(nullptr);
    QEventLoop loop;
    connect(thread, &QThread::finished, &loop, &QEventLoop::quit);
    thread->start();
    loop.exec(QEventLoop::ExcludeUserInputEvents);
    thread->wait();
    delete thread;
    progress.reset();
    return Store::openChecked(path, *report);
}

void DataSetGuard::opened(Store *store)
{
    m_path = store->path();
    if (store->isDamaged()) {
        showBanner(store->damage() + QLatin1Char(' ')
                   + tr("Its conversations are not shown until it is restored or salvaged."));
        return;
    }
    m_banner->hide();
    m_changed = false;
    const auto changed = [this] {
        m_changed = true;
    };
    connect(store, &Store::ratingChanged, this, changed);
    connect(store, &Store::annotationChanged, this, changed);
    connect(store, &Store::conversationsChanged, this, changed);
    connect(store, &Store::turnsWritten, this, changed); // a live conversation went on
    if (!store->isReadOnly() && integrity::backupDue(m_path, backupHours))
        startBackup();
}

void DataSetGuard::closing()
{
    Store *store = m_window->store();
    if (!store || store->isReadOnly() || !m_changed)
        return;
    // What was rated in this session goes into a backup before the studio closes, unless a
    // person would rather not wait.
    waitForBackup();
    if (!startBackup())
        return;
    QProgressDialog progress(
        tr("Making a verified backup of %1…").arg(QFileInfo(store->path()).fileName()), tr("Skip"),
        0, 0, m_window);
    progress.setObjectName(QStringLiteral("closingBackupProgress"));
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(500);
    QEventLoop loop;
    connect(this, &DataSetGuard::backupFinished, &loop, &QEventLoop::quit);
    connect(&progress, &QProgressDialog::canceled, &loop, [this, &loop] {
        stopBackup();
        loop.quit();
    });
    if (m_backupThread)
        loop.exec();
    progress.reset();
}

void DataSetGuard::showBanner(const QString &message)
{
    m_bannerText->setText(message);
    if (m_window->toolBarArea(m_banner) == Qt::NoToolBarArea) {
        // A row of its own, under the window's other bars, across the whole width.
        m_window->addToolBarBreak(Qt::TopToolBarArea);
        m_window->addToolBar(Qt::TopToolBarArea, m_banner);
    }
    m_banner->show();
}

bool DataSetGuard::startBackup()
{
    if (m_backupThread || m_path.isEmpty())
        return false;
    const QString path = m_path;
    m_changed = false; // what changes from now on goes into the next one
    m_stop = std::make_shared<std::atomic_bool>(false);
    m_outcome = std::make_shared<Outcome>();
    auto stop = m_stop;
    auto outcome = m_outcome;
    QPointer<DataSetGuard> self(this);
    m_backupThread = QThread::create([path, stop, outcome, self] {
        int shown = -1;
        const auto progress = [&](qint64 done, qint64 total) {
            const int percent = total > 0 ? int(done * 100 / total) : 0;
            if (percent != shown) {
                shown = percent;
                // To the window's thread; dropped if the guard is gone by then.
                QMetaObject::invokeMethod(
                    self,
                    [self, percent] {
                        if (self && self->m_backupThread)
                            self->m_window->statusBar()->showMessage(
                                percent < 100 ? tr("Making a verified backup… %1%").arg(percent)
                                              : tr("Verifying the backup…"));
                    },
                    Qt::QueuedConnection);
            }
            return !stop->load();
        };
        try {
            const integrity::Backup made = integrity::makeBackup(path, progress);
            outcome->kept = true;
            outcome->message = made.path;
        } catch (const Error &e) {
            outcome->message = e.message();
        }
    });
    m_backupThread->setObjectName(QStringLiteral("backup"));
    connect(m_backupThread, &QThread::finished, this, &DataSetGuard::backupDone);
    m_window->statusBar()->showMessage(tr("Making a verified backup…"));
    m_backupThread->start(QThread::LowPriority);
    return true;
}

void DataSetGuard::backupDone()
{
    if (!m_backupThread)
        return;
    m_backupThread->wait();
    delete m_backupThread;
    m_backupThread = nullptr;
    const Outcome outcome = *m_outcome;
    m_lastKept = outcome.kept;
    if (!outcome.kept)
        m_changed = true;
    if (outcome.kept) {
        m_window->statusBar()->showMessage(
            tr("Backup verified and kept: %1").arg(QFileInfo(outcome.message).fileName()), 8000);
    } else if (!m_stop->load()) {
        // The copy failed its full check: the data set itself is damaged (in a way the quick
        // check at opening does not see, or since then). Say so now, not days later.
        m_window->statusBar()->clearMessage();
        showBanner(outcome.message);
    }
    Q_EMIT backupFinished(outcome.kept, outcome.message);
}

bool DataSetGuard::waitForBackup()
{
    if (!m_backupThread)
        return false;
    m_backupThread->wait();
    backupDone();
    return m_lastKept;
}

void DataSetGuard::stopBackup()
{
    if (!m_backupThread)
        return;
    m_stop->store(true);
    m_backupThread->wait();
    delete m_backupThread;
    m_backupThread = nullptr;
    m_changed = true; // not backed up after all
}

void DataSetGuard::restoreInteractively()
{
    // The window's data set, or the damaged one it shows only the banner of.
    const QString current = m_window->store() ? m_window->store()->path() : m_path;
    if (current.isEmpty())
        return;
    const QString path = QFileInfo(current).absoluteFilePath();
    const QVector<integrity::Backup> list = integrity::backups(path);
    if (list.isEmpty()) {
        QMessageBox::information(
            m_window, tr("Restore backup"),
            tr("%1 has no verified backups yet (they are kept in %2). To salvage a damaged data "
               "set, run `sense7 recover %1 NEW.sense7`.")
                .arg(path, integrity::backupFolder(path)));
        return;
    }

    QDialog dialog(m_window);
    dialog.setObjectName(QStringLiteral("restoreDialog"));
    dialog.setWindowTitle(tr("Restore backup"));
    auto *layout = new QVBoxLayout(&dialog);
    auto *intro = new QLabel(tr("Replace %1 with a verified backup. The current file is kept "
                                "beside it under a new name; nothing is deleted.")
                                 .arg(QFileInfo(path).fileName()),
                             &dialog);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    auto *table = new QTableWidget(int(list.size()), 5, &dialog);
    table->setObjectName(QStringLiteral("backupList"));
    table->setHorizontalHeaderLabels(
        {tr("Made"), tr("Conversations"), tr("Turns"), tr("Ratings"), tr("Size")});
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->verticalHeader()->hide();
    const QLocale locale;
    for (int row = 0; row < list.size(); ++row) {
        const integrity::Backup &b = list[row];
        const QStringList cells {locale.toString(b.made, QLocale::ShortFormat),
                                 locale.toString(b.conversations), locale.toString(b.turns),
                                 locale.toString(b.ratings), locale.formattedDataSize(b.bytes)};
        for (int column = 0; column < cells.size(); ++column) {
            auto *item = new QTableWidgetItem(cells[column]);
            item->setToolTip(b.path);
            if (column > 0)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            table->setItem(row, column, item);
        }
    }
    table->resizeColumnsToContents();
    table->horizontalHeader()->setStretchLastSection(true);
    table->selectRow(0);
    layout->addWidget(table);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, &dialog);
    QPushButton *restore = buttons->addButton(tr("Restore"), QDialogButtonBox::AcceptRole);
    restore->setObjectName(QStringLiteral("restoreButton"));
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    layout->addWidget(buttons);
    dialog.resize(640, 320);
    if (dialog.exec() != QDialog::Accepted || table->currentRow() < 0)
        return;
    const QString backup = list[table->currentRow()].path;

    stopBackup();
    m_window->closeDataSet();
    QString message;
    try {
        const QString aside = integrity::restore(path, backup);
        message = tr("Restored %1 from the backup of %2.")
                      .arg(QFileInfo(path).fileName(),
                           locale.toString(list[table->currentRow()].made, QLocale::ShortFormat));
        if (!aside.isEmpty())
            message += QLatin1Char(' ') + tr("The replaced file is kept at %1.").arg(aside);
    } catch (const Error &e) {
        message = e.message();
    }
    if (const QString error = m_window->openDataSet(path); !error.isEmpty())
        message += QLatin1Char('\n') + error;
    QMessageBox::information(m_window, tr("Restore backup"), message);
}

} // namespace sense7
